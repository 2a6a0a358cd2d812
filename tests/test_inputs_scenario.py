"""Hypothesis: malformed SKIRMISH scenarios give a ScenarioError naming the field, never a
bare exception; what is accepted is a whole, valid scenario (issue 11, defect 4)."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hexplay.engine import ScenarioError
from hexplay.games.skirmish import Scenario
from hexplay.games.skirmish.fixtures import practice_map

SETTINGS = settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])

VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-3, 30)
    | st.sampled_from([1.0, 2.5, float("nan"), 2**70, "false", "no", "", "0606", " 0606"])
    | st.sampled_from(["rifle", "shotgun", "T", "E1", "E2", "D", "S", "Route 4", "killed"]),
    lambda c: (
        st.lists(c, max_size=3)
        | st.dictionaries(
            st.sampled_from(["E1", "E2", "G1", "A1", "rifle", "x", ""]), c, max_size=3
        )
    ),
    max_leaves=6,
)
FIELDS = st.sampled_from([*Scenario.FIELDS, "extra", ""])


@given(st.dictionaries(FIELDS, VALUES, max_size=4))
@SETTINGS
def test_scenario_dicts_give_a_scenario_or_a_field_naming_error(d):
    try:
        s = Scenario.from_dict(d)
    except ScenarioError as e:
        assert e.field in Scenario.FIELDS or (e.field in d and e.field not in Scenario.FIELDS)
        return
    assert Scenario.from_dict(json.loads(s.to_json())) == s
    for k, v in d.items():
        assert getattr(s, k) == v  # accepted values are kept exactly, never coerced


@given(st.dictionaries(FIELDS, VALUES, max_size=4))
@SETTINGS
def test_scenarios_on_a_map_give_a_scenario_or_a_field_naming_error(d):
    m = _PRACTICE
    d = {"route": "Route 4", "ambush": "0808", **d}
    try:
        Scenario.from_dict(d).validate(m)
    except ScenarioError as e:
        assert e.field in Scenario.FIELDS or e.field in d


_PRACTICE = practice_map()


@given(st.dictionaries(st.sampled_from(Scenario.FIELDS), VALUES, max_size=3))
@SETTINGS
def test_assignment_gives_a_field_naming_error_and_changes_nothing(d):
    s = Scenario()
    for k, v in d.items():
        before = s.to_dict()
        try:
            setattr(s, k, v)
        except ScenarioError as e:
            assert e.field == k
            assert s.to_dict() == before


TEXT = st.text(alphabet='{}[]":,0123456789 abcdeflnorstu_\\\n', max_size=60) | st.text(max_size=60)


@given(TEXT)
@SETTINGS
def test_scenario_text_gives_a_scenario_or_a_scenario_error(text):
    try:
        Scenario.from_json(text)
    except ScenarioError as e:
        assert e.field == "<root>" or e.field in Scenario.FIELDS or e.field in text


FINITE = VALUES.filter(lambda v: "NaN" not in json.dumps(v))


@given(st.dictionaries(st.sampled_from(Scenario.FIELDS), FINITE, min_size=1, max_size=3))
@SETTINGS
def test_duplicate_fields_in_scenario_text_are_refused(d):
    k = next(iter(d))
    body = json.dumps(d)[1:-1]
    text = "{" + body + f", {json.dumps(k)}: {json.dumps(d[k])}" + "}"
    try:
        Scenario.from_json(text)
    except ScenarioError as e:
        assert e.field == "<root>" and "duplicate key" in str(e)
    else:
        raise AssertionError("a duplicate key was accepted")
