"""What an adventure keeps beside its log, folded action by action (no Django here).

The history reads turns: where Vince went, whether he laid low, the encounters he met and the
checks he made in them, the cards that joined and left his hands, and how his hands and skills
stood at the end. `step` folds one action (with the states before and after it) into the turn
being played; an `end_turn` closes that turn, which then gets its row, and opens the next.
The projection also keeps the newest action in words (`last`): what an undo button names and
where the real cards go back, so a screen never reads the log to say it.

Everything is plain JSON (a projection is stored with the adventure and with each snapshot).
Sentences are kept as the engine wrote them (`tracker.rules.text.Msg.to_json`), so a screen
shows them in the player's language.
"""

from __future__ import annotations

from datetime import datetime

from tracker.rules.barbarian_vince import describe_action, undo_card_moves
from tracker.rules.barbarian_vince.queries import card_value
from tracker.rules.text import Msg

OVER = ("won", "dead", "removed", "ended")


def start() -> dict:
    """The projection before the first action."""
    return {"turn": None, "finished": None, "last": None}


def iso(at: datetime | str | None) -> str | None:
    """A time as the ISO text JSON keeps."""
    if at is None or isinstance(at, str):
        return at
    return at.isoformat()


def as_msg(text) -> Msg:
    """Any sentence as a Msg (an engine sentence already is one)."""
    return text if isinstance(text, Msg) else Msg(str(text))


def words(data) -> Msg | None:
    """A sentence kept in a projection, back as a Msg for the screens."""
    return Msg.from_json(data) if data else None


def new_turn(number: int, seq: int, at, state: dict) -> dict:
    """A turn opening at log entry `seq` with Vince where `state` has him."""
    where = state["location"]
    return {
        "number": number,
        "started_seq": seq,
        "started_at": iso(at),
        "ended_seq": None,
        "ended_at": None,
        "ending": "",
        "start": dict(where) if where else None,
        "place": dict(where) if where else None,
        "journey": [],
        "lay_low": None,
        "encounters": [],
        "gained": [],
        "lost": [],
        "recovered": [],
        "discarded": [],
        "retrieved": [],
        "trades": 0,
        "quests_won": [],
        "years": 0,
        "entered": [],
        "actions": 0,
        "ready": len(state["ready"]),
        "exhausted": len(state["exhausted"]),
        "skills": dict(state["skills"]),
    }


def _copy_turn(turn: dict) -> dict:
    """A copy deep enough to change: every list and the open encounter and its last check."""
    copy = {key: list(value) if isinstance(value, list) else value for key, value in turn.items()}
    if copy["encounters"]:
        encounter = dict(copy["encounters"][-1])
        encounter["checks"] = list(encounter["checks"])
        if encounter["checks"]:
            check = dict(encounter["checks"][-1])
            for key in ("plays", "damage_cards", "reused"):
                check[key] = list(check[key])
            encounter["checks"][-1] = check
        copy["encounters"][-1] = encounter
    return copy


def _held(state: dict) -> list[str]:
    return state["ready"] + state["exhausted"]


def _check_outcome(check: dict, state_check: dict | None) -> None:
    if state_check is None:
        return
    for key in ("status", "result", "successes", "round"):
        check[key] = state_check[key]


def step(projection: dict, before: dict, action: dict, after: dict, *, seq: int, at) -> dict:
    """The projection once action `seq` (applied at `at`) has taken effect (a new dict; the
    given one is left as it was)."""
    turn = projection.get("turn")
    if turn is not None and turn["ended_seq"] is None:
        projection = {**projection, "turn": _copy_turn(turn)}
    return fold(projection, before, action, after, seq=seq, at=at)


def fold(projection: dict, before: dict, action: dict, after: dict, *, seq: int, at) -> dict:
    """As `step`, but the turn being played is changed where it stands: the caller owns
    `projection` (fresh from `start`, from a snapshot, or from the previous fold) and gives it
    up. A long replay folds each action in the same time however long the turn has grown.

    What comes back is a new dict whose `finished` and `last` are never changed again (a
    finished turn is left alone once it is closed); its `turn` is the one the next fold goes
    on changing, so a caller that keeps a projection past the next fold writes it out first
    (tracker.core.services does, for snapshots).
    """
    kind = action.get("type")
    turn = projection.get("turn")
    finished = None
    if kind == "setup":
        turn = new_turn(1, seq, at, after)
        turn["gained"] = list(after["ready"])
    elif turn is not None and turn["ended_seq"] is None:
        if kind == "end_turn":
            turn["actions"] += 1
            turn["ended_seq"], turn["ended_at"], turn["ending"] = seq, iso(at), "end_turn"
            finished = turn
            turn = new_turn(after["turn"], seq, at, after)
            encounter = after["encounter"]
            if encounter is not None:
                # BT-07: an ongoing encounter opens again as this turn's encounter.
                turn["encounters"].append(_encounter(seq, encounter, resumed=True))
        else:
            _fold(turn, before, action, after, seq)
            turn["actions"] += 1
            if after["status"] in OVER:
                turn["ended_seq"], turn["ended_at"], turn["ending"] = seq, iso(at), after["status"]
        _hands(turn, after)
    last = {
        "seq": seq,
        "words": as_msg(describe_action(before, action, after)).to_json(),
        "moves": [as_msg(line).to_json() for line in _moves(before, after)],
    }
    return {"turn": turn, "finished": finished, "last": last}


def _hands(turn: dict, state: dict) -> None:
    turn["ready"] = len(state["ready"])
    turn["exhausted"] = len(state["exhausted"])
    turn["skills"] = dict(state["skills"])
    if state["location"]:
        turn["place"] = dict(state["location"])


def _encounter(seq: int, encounter: dict, *, resumed: bool = False) -> dict:
    return {
        "seq": seq,
        "card": encounter["card"],
        "terrain": encounter["terrain"],
        "difficulty": encounter["difficulty"],
        "from_hand": encounter["from_hand"],
        "resumed": resumed,
        "draw": None,
        "outcome": "",
        "won": False,
        "checks": [],
    }


def _fold(turn: dict, before: dict, action: dict, after: dict, seq: int) -> None:
    """What one action (other than setup and end_turn) adds to the turn being played."""
    kind = action.get("type")
    held_before, held_after = _held(before), _held(after)
    turn["gained"] += [card for card in held_after if card not in held_before]
    left = [card for card in held_before if card not in held_after]
    # Cards that leave the hands are told in the order the action named them.
    named = [str(card).strip() for card in action.get("cards") or action.get("give") or []]
    left.sort(key=lambda card: named.index(card) if card in named else len(named))
    turn["lost"] += left
    encounters = turn["encounters"]
    encounter = encounters[-1] if encounters else None
    check = encounter["checks"][-1] if encounter and encounter["checks"] else None
    match kind:
        case "register_card":
            turn["entered"] += [
                card for card in after["catalogue"] if card not in before["catalogue"]
            ]
        case "lay_low":
            drawn = after["last_draw"]
            where = before["location"]
            needed = None
            for location in before["catalogue"][where["map"]]["locations"]:
                if location["name"] == where["location"]:
                    needed = location["lay_low"]
            turn["lay_low"] = {
                "card": drawn["card"],
                "number": drawn["number"],
                "needed": needed,
                "success": after["laid_low"],
            }
        case "travel" | "move":
            turn["journey"].append({**after["location"], "how": kind})
        case "retrieve":
            turn["retrieved"] += [
                card for card in before["waiting"] if card not in after["waiting"]
            ]
        case "draw_encounter":
            new = _encounter(seq, after["encounter"])
            if action.get("draw") is not None:
                new["draw"] = after["last_draw"]
            encounters.append(new)
        case "begin_check":
            state_check = after["check"]
            if encounter is not None:
                encounter["checks"].append(
                    {
                        "skill": state_check["skill"],
                        "target": state_check["target"],
                        "times": state_check["times"],
                        "round_speed": state_check["round_speed"],
                        "damage": state_check["damage"],
                        "status": state_check["status"],
                        "result": None,
                        "successes": 0,
                        "round": 1,
                        "plays": [],
                        "damage_cards": [],
                        "reused": [],
                    }
                )
        case "play_check_card" if check is not None:
            card = str(action.get("card", "")).strip()
            draw = action.get("draw")
            draw = draw.strip() if isinstance(draw, str) else None
            value = card_value(before, card, None, draw)
            check["plays"].append(
                {"card": card, "draw": draw, "value": value, "round": before["check"]["round"]}
            )
            _check_outcome(check, after["check"])
        case "take_damage" if check is not None:
            check["damage_cards"] += [str(card).strip() for card in action.get("cards") or []]
            _check_outcome(check, after["check"])
        case "reuse" if check is not None:
            check["reused"].append(str(action.get("card", "")).strip())
        case "fail_check" if check is not None:
            _check_outcome(check, after["check"])
        case "end_encounter" if encounter is not None:
            encounter["outcome"] = str(action.get("outcome") or "done").strip().lower()
        case "win_quest":
            card = after["quests_won"][-1]
            turn["quests_won"].append(card)
            if encounter is not None:
                encounter["won"] = True
        case "recover":
            turn["recovered"] += [str(card).strip() for card in action.get("cards") or []]
        case "trade":
            turn["trades"] += 1
        case "discard":
            turn["discarded"] += left
        case "one_year_passed":
            turn["years"] += 1


def _moves(before: dict, after: dict) -> list:
    """undo_card_moves for one action, asked only about the cards whose place may have changed
    (so a step costs the same with a catalogue of ten cards or of three hundred)."""
    changed = set(before["ready"]) ^ set(after["ready"])
    changed |= set(before["exhausted"]) ^ set(after["exhausted"])
    changed |= set(before["waiting"]) ^ set(after["waiting"])
    for state in (before, after):
        if state["encounter"] is not None:
            changed.add(state["encounter"]["card"])
    player = after["internal"]["player_card"]
    if player is not None and before["status"] != after["status"]:
        changed.add(player)
    if not changed:
        return []
    catalogue = after["catalogue"]
    keep = {card: catalogue[card] for card in catalogue if card in changed}
    return undo_card_moves(
        {**before, "catalogue": _only(before["catalogue"], keep)}, {**after, "catalogue": keep}
    )


def _only(catalogue: dict, keep: dict) -> dict:
    return {card: entry for card, entry in catalogue.items() if card in keep}


def checks_counted(turn: dict) -> tuple[int, int]:
    """Checks passed (or done) and failed in a turn."""
    passed = failed = 0
    for encounter in turn["encounters"]:
        for check in encounter["checks"]:
            if check["status"] in ("passed", "done"):
                passed += 1
            elif check["status"] == "failed":
                failed += 1
    return passed, failed


def record_fields(state: dict) -> dict:
    """The adventure's columns that mirror the state."""
    return {
        "status": state["status"],
        "turn": state["turn"],
        "years": state["years"],
        "victories": len(state["quests_won"]),
        "turns_ended": max(0, state["turn"] - 1),
    }
