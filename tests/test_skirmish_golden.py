"""Golden games: the engine must reproduce exactly the games recorded before optimization.

Fingerprints are sha256 hashes of seeded bot-vs-bot games (save JSON without the map, the full
event log, the activity chart and dice CSVs, the plot history), computed with the engine as it
was before the performance work. A difference is a behaviour change, not a tolerance issue.
"""

from __future__ import annotations

import hashlib
import json

import pytest

from hexplay.ai import ScriptedAdversary, ScriptedDefender, play
from hexplay.ai.skirmish import RandomPlayer
from hexplay.engine import jsonable
from hexplay.rules.skirmish import SkirmishGame

GOLDEN = {
    "scripted-0": "cc35c989f6e965d1161f3c65619c46658bdd43b388b27d503c4197dd2d59f7e9",
    "scripted-1": "dcaf597005249d48e48b9ed2b45fa7db3f4b84c2dd64a639a7f91da6689cc07d",
    "scripted-2": "1e4f4690ee820badd9b97b2a4845680bf0f12fc3144a42d6b48a580aacb74eba",
    "scripted-3": "1c35c01900674cf4583ffc0867019d665fba571d36db6c0ae760bf2928d5210b",
    "scripted-4": "8bb1be470f438f69bbd2f033805a0df6fab5797f996173820c4f64f32468d037",
    "scripted-5": "43dce982105bad2067bc38978de613adb17c4b782dd65f6d0b36f01bf16c0338",
    "scripted-6": "772191e061dc63c034e888b8052d0fcc5191396133f601a8dbf6331f1215f5f5",
    "scripted-7": "a1e0e7d3452d692a64dd4ee83fd578bc9285386bb99d163227477e8d64625a53",
    "scripted-8": "d2972080c31bd6cde3520f5596a75b8c8e05502ab81c563263b4e181e43bb709",
    "scripted-9": "e0637f2befe364840e3240ae9e0368f99206076b9272ef8cf14a2fc296e7bbf8",
    "scripted-10": "319d3a998635ac0a8e41c94869c27e758bf164ed7a9eda6b695ed0773398ab82",
    "scripted-11": "4e236039b0cb4bddad53a4167f49a986639b1783e540c44fa6cf6f78244063b2",
    "scripted-12": "ae6c4e5ea65765f9c5eb92b78bb213b9471f5818ffef2019bbc9f16a252deb88",
    "scripted-13": "cbafbc3f2f3323e160a6dcdf35319e29e89e8d54df7db0616969c6dc0b761a45",
    "scripted-14": "15d434e3839b1637acd04f489d603f9949ccefc596544a74e4e0d51d3a61e56d",
    "scripted-15": "b3024952aa9c481c8e7626a3ec922130be80fb27e9cbbcac0d56d4f23afaf6d5",
    "scripted-16": "65fc3a76373ae4e612c63cd3814efb88e50eedb96361c01ecb259be9ab7b7a2a",
    "scripted-17": "6b4859c14dbbf23be6ca43038f1868e96d8a18ba32c9ab2f975584b4e4df55e4",
    "scripted-18": "1366b6540892f10dcca007fcbc884df4d5bb7717f9ef8b6e0091b4f5f3db0b7f",
    "scripted-19": "51f904cc413e23fc198703fb5bc10099d56a4dd5a7ed49ba76f80711d3d4fcff",
    "scripted-20": "2c16f6bc49abf3436277f9b188d7653803d9bda573c93be07201f51c2b219257",
    "scripted-21": "a0bdce0fb972b7f2facee46d68f7dc2c4403fa815e08ef5da8d196a02b3a0832",
    "scripted-22": "8dcd50938e0f31f0736c3802fc52207bd2e4c7a8b949ecdc348ac29103162063",
    "scripted-23": "c4a34c7a956af79b7ab57e221e4cf7d7d53d212dfb3a954b3d2eea671b97a777",
    "scripted-24": "608a0d7456dda3d90f72ee6dc2a28b27cdd28ee7c521827b45102dcde41c235d",
    "scripted-25": "b6f4485da7b0ed85721c914ca93d7ce6d2f044cd4747a2ed9119a586ca70d0ba",
    "scripted-26": "d8973c9eb863f71e729a1f977b87d7086234fe387738ac79c3da4af7688c49f4",
    "scripted-27": "e0ab0528465549fcaf85bff35b07132637d391a744bc96d55485719b79ced7d0",
    "scripted-28": "fc0aeba1c109a8d42484ca4702ab23bfaf619aa2f648adf6b9095a2591d53964",
    "scripted-29": "e53671fa9ad2688f4d6b6435cee2899e7312c41f87baf6e6f4d22472ecdfbe4e",
    "random-0": "5e51c0708fc6111a9d2804b3825b80e8825251c2bb9153393d979fe391f68283",
    "random-1": "9ede1bfad679039c5b74534fbc6b28bd991f30f3e508774c29cf958254b91948",
    "random-2": "6cf75c48f75b1a878f91cd314c1553ff7c6b9a4a6177b1a8ea2b2e7caa36eef6",
    "random-3": "a4d504cb75be915628a7c518c34a2507a4cf89d38ae51b0251f698fcdd7fd4d9",
    "random-4": "82d685d80ccc62fd367ae4806182e12ed664c020899d87ad0dde0485cee81f9d",
    "random-5": "f43c49d9f5d4c44b8c4f84ebc094ad5284f411b2416a6f28e9b406c506d26550",
    "mixed-0": "ee389b4618bef640f07e67d8964f47a23c4d39a249ca31e4541c63f54a259f09",
    "mixed-1": "4aa16f40a359dc1e10be94da9119d8559231e5744b77515b3d342895bb8bb601",
    "mixed-2": "1ccfb5024ee34a044c7805cf180b6caa11bfa58aa9d670db39681bc8b9589e81",
    "mixed-3": "873f5f3515819a4633c2b70848e516789eee7a92832fb8c063984d78712eb86e",
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
