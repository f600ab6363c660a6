"""The square-grid crew-counter game (square-grid-crew-counter-rules.txt): crew figures on a ship
control panel, fire dice 1-2-3-4-8-X, a damage-card deck per ship, hull leaks and pumps, boarding
and ship's boats. Pure rules: values in, effects and working out."""
