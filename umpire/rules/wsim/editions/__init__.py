"""Other editions of Wooden Ships & Iron Men, as subclasses of the 1981 Basic ruleset."""
