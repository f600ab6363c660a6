"""Bad input never crashes: random command lines end in exit 0, 1 or 2, never a defect."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings, strategies as st

words = st.sampled_from(["mars", "hercule", "her", "x", "", "left", "right", "port", "starboard", "bow",
                         "hull", "rigging", "3", "0", "-1", "11", "2.5", "1,2", "7", "A", "E", "obp", "nbp"])
options = st.sampled_from(["--at", "--range", "--side", "--facing", "--aim", "--rake", "--roll", "--rolls",
                           "--party", "--sections", "--attitude", "--by", "--to", "--lose", "--motionless"])
commands = st.sampled_from(["fire", "speed", "load", "foul", "unfoul", "grapple", "ungrapple", "board",
                            "melee", "capture", "transfer", "surrender", "recover", "status", "odds"])


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(commands, st.lists(st.one_of(words, options), max_size=10))
def test_random_command_lines_never_crash(umpire, duel, command, args):
    res = umpire(command, *args)
    assert res.code in (0, 1, 2), (command, args, res.err)
    assert "Traceback" not in res.err
