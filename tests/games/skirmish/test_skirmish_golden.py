"""Golden games: the engine must reproduce exactly the games recorded before optimization.

Fingerprints are sha256 hashes of seeded bot-vs-bot games (save JSON without the map, the full
event log, the activity chart and dice CSVs, the plot history), computed with the engine as it
was before the performance work. A difference is a behaviour change, not a tolerance issue.

Re-recorded once when fire events began writing a miss "miss" (as odds() does) instead of
Table VI's "-": with every such "miss" written back as "-", each game gave its old digest
(checked for all of them before re-recording), so nothing else changed.
"""

from __future__ import annotations

import hashlib
import json

import pytest

from hexplay.engine import jsonable
from hexplay.games.skirmish import SkirmishGame
from hexplay.games.skirmish.ai.base import play
from hexplay.games.skirmish.ai.players import RandomPlayer, ScriptedAdversary, ScriptedDefender

GOLDEN = {
    "scripted-0": "ff8d65dff3eb98ab66e24dfe4356e31e3064e4c0a27bf1f025c74780f14a5965",
    "scripted-1": "5453b314cbab9a703ef57a828f3ea9bb3da59b940115cb3d46e83bf22c9d7152",
    "scripted-2": "0e56f457f562681aec19d12b4376ab99a4f369b4ead4b3bfb5a221eb29f89a83",
    "scripted-3": "e8d9f5ada5105f849865188694000d06e33313b2bf2c1041085585e0e1027d14",
    "scripted-4": "a44257d77555d09eea66508e08452d39a93451838440944dd26ba52c9e5259ad",
    "scripted-5": "63664e856e15bfc7b5231388791fd232a3b311c7b5f359aff29fe1c901db5068",
    "scripted-6": "668b387089cf2bdeb0a499fa552409c3b1419dea620dfcf0f2637521e813e381",
    "scripted-7": "4fa3a91386d14444697bbc799a3a8a92e52a670e1fc0b9a2c8ac203764c09fa7",
    "scripted-8": "a607fd2643ce7238d44ca80986277841d14ed976b857bc836531451ee111dbcb",
    "scripted-9": "7ac92eb56ba1799867adb6ebf04a3011aaec35bb15ea5c9f736832e2423fead4",
    "scripted-10": "9f709f75afdb0737bad0c37a51eca55b3bc12f074b0e3a1d56cdb00282219bf1",
    "scripted-11": "72a27deb12e0abf1fc7c0e2d3a761f9cdb405176a28573ebbdec6aace1b9d360",
    "scripted-12": "de44ad1666873b31d423233db833d3ec640159350e64a71bc69113ed89e93579",
    "scripted-13": "bb6c8bf72ca7aa4f8d379b74875c3f1c29fd710224063bfc533a905bdce2edb8",
    "scripted-14": "f73f176159637af7491fad5e535ed3bb73b32053741f9e5e91580af0c9bb9d43",
    "scripted-15": "4417e026b4ab4af055332f3538f6912a98e358369768b586b8c81667e6fff3a4",
    "scripted-16": "aad0a45189b76deda662589aabd7c17dc4eb53bcb02bb15586f8a145ee939a82",
    "scripted-17": "93360917c69ed0d7f723df79e1087ff7d5b6cc08230b9a7c315d9c894edad11c",
    "scripted-18": "95f3cbc31de4fe9a7bd1c071088b9f492016483543e8ba275481fc097605af8b",
    "scripted-19": "4e1dd895dc095a769069d0e233d071dfe66e5e04184836f0eda19ed5894bbcc7",
    "scripted-20": "9b58f59aeb98509159d608f3043b9673dd2d5b53bb6025e89e3160fd9404f0f0",
    "scripted-21": "e8a62f78e17961112cd8805d5d7b78d78c5d5d94962348e231e589e3e69f580d",
    "scripted-22": "3dd3c65a4fc79482f6d02b7df5dc6ebe1df89ed745742479bbeaa3213a442edc",
    "scripted-23": "2e90b296cbc6df360e7a88c7320f84db82ed223fa95f8c038a810da60732b3ae",
    "scripted-24": "f23a7c47ec7bed0adf500779c3a60baad9264d82c048059ed75cd0643059c0e2",
    "scripted-25": "20425652a614fae82fbe5aa52c9d2fb9718255c8810c5893beefbd033d7778b0",
    "scripted-26": "94a98e37657ead9001c7cb4e02367c5ef092b8a93b093722b60ee54487c2e0bb",
    "scripted-27": "a954a3080c60a05147fa75fe4a58a2c79494060ed0808987fc87e426ef9f6292",
    "scripted-28": "34621e0fbd1af36224aa0943912562589ed8805cf3afb44bb6c6cc22ce17a540",
    "scripted-29": "585aaac52ed1878b2446793d22bbc41ccd3e6e78a63a447d50fc446ef4990b07",
    "random-0": "ea510509a7c7fc955431f89e315f8b84416ec5d7f497181192b24e1b5edfe42d",
    "random-1": "575b51167483df51464a50e3cdbf3306b89d3fd4cd437302942c968f4a3ba70b",
    "random-2": "fd0fcb3ca83ce32b0893794703a27405802b0871635295fd202129287e68ca33",
    "random-3": "5423295f82298e67d1056eb5aa75f1bc6898fd550bb9c489d7e7ca08f85c270d",
    "random-4": "3a19be80f96f02cfdeb9521ac1623df8f0b994fc8b29043a6ecd9420a3e0c2b2",
    "random-5": "e02a9736ae1ecd295aeb400ce09b0c9cc7f97e02c73e3b8d76e618c5c992a6aa",
    "mixed-0": "531cd374b865f7c8ce05c8f408590487c324294871e69ddddf8fa2f744af7957",
    "mixed-1": "bf8cebcd4886c4b5b301ab833a343e369f9be20a441918993cf8b02dcf517fad",
    "mixed-2": "2dfe0cd56bb3ce595566dece05a387619ef25e6771f60473f5f0d4ce11db6e42",
    "mixed-3": "d06be945ecd2cdd385aa76e3f8bb3c7f39cf07bd513926ed8c551f75de1cb5bb",
}


def _fingerprint(g: SkirmishGame) -> str:
    d = g.to_json()
    d["map"] = None
    parts = [
        json.dumps(d, sort_keys=True),
        json.dumps(jsonable(g.log.for_side("referee")), sort_keys=True),
        json.dumps(jsonable([e.to_dict() for e in g.log.events]), sort_keys=True),
        g.record_frame().to_csv(),
        g.dice_frame().to_csv(),
        json.dumps(jsonable(g.plot_history), sort_keys=True),
    ]
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()


def _game(key: str) -> SkirmishGame:
    kind, s = key.rsplit("-", 1)
    s = int(s)
    if kind == "scripted":
        return play(SkirmishGame.new(seed=s), [ScriptedAdversary(s), ScriptedDefender(s)])
    if kind == "random":
        players = [RandomPlayer("adversary", s), RandomPlayer("defender", s)]
        return play(SkirmishGame.new(seed=100 + s), players, max_turns=6)
    players = [ScriptedAdversary(s), RandomPlayer("defender", s)]
    return play(SkirmishGame.new(seed=200 + s), players, max_turns=8)


@pytest.mark.parametrize("key", sorted(GOLDEN))
def test_skirmish_golden_game(key: str) -> None:
    g = _game(key)
    assert _fingerprint(g) == GOLDEN[key]


@pytest.mark.parametrize("key", ["scripted-0", "random-1", "mixed-2"])
def test_skirmish_golden_json_round_trip(key: str) -> None:
    g = _game(key)
    d = g.to_json()
    g2 = SkirmishGame.from_json(json.loads(json.dumps(d)))
    assert g2.to_json() == d
    assert _fingerprint(g.replay()) == GOLDEN[key]
