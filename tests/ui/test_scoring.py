"""The scores between deals: what each hand paid, match end, and pool offers."""

from game.engine import Phase
from game.ui.scenes import ScoringScene
from game.ui.scenes.score_words import score_title
from game.ui.table import TableScene
from tests.ui.helpers import App, press, step, wait_until


def two_player_points(app):
    app.settings.set("speed", "instant")
    app.config.variant, app.config.players = "points", 2
    app.config.levels[0] = "easy"
    app.new_game(seed=8)
    table = app.top
    wait_until(app, lambda: table.my_turn and not table.anim.busy)
    return table


def test_packing_alone_against_one_player_ends_the_match_and_rematch_keeps_the_setup():
    app = App((1280, 720), load=False, save=False)
    table = two_player_points(app)
    first = table.state.turns_taken[table.bottom] == 0
    press(app, "pack")
    press(app, "pack")
    wait_until(app, lambda: isinstance(app.top, ScoringScene))
    scoring = app.top
    st = scoring.state
    assert st.phase == Phase.MATCH_OVER and st.winners == (1,)
    assert score_title(scoring.state, scoring.session.names) == "Match over: Asha wins!"
    mine = next(r for r in st.result.seats if r.seat == table.bottom)
    rules = st.rules
    assert mine.status == "packed"
    assert mine.pays == (rules.first_drop if first else rules.middle_drop)
    assert st.scores[table.bottom] == -mine.pays
    old = table.session
    press(app, "new")
    assert isinstance(app.top, TableScene)
    new = app.top.session
    assert new is not old and new.rules == old.rules and new.levels == old.levels
    assert new.state.deal_no == 1


def test_a_rejoin_offer_to_the_player_is_asked_and_answered():
    app = App((1280, 720), load=False, save=False)
    app.settings.set("speed", "instant")
    app.config.variant, app.config.players = "pool101", 3
    app.config.options["pool101"] = {"pool_rejoin": True}
    app.new_game(seed=3)
    table = app.top
    wait_until(app, lambda: table.my_turn and not table.anim.busy)
    press(app, "pack")
    press(app, "pack")
    wait_until(app, lambda: isinstance(app.top, ScoringScene))
    session = table.session
    # the player went over the limit while the others stayed low: the engine offers a rejoin
    session.state = session.state.replace(
        scores=(101, 30, 45), in_match=(False, True, True), phase=Phase.DECIDE,
        offer=("rejoin", 0, ()))
    app.top.resize(app.size)
    step(app)
    scoring = app.top
    assert "rejoin" in scoring._question()
    press(app, "yes")
    st = session.state
    assert st.in_match[0] and st.scores[0] == 46  # the highest score standing + 1
    assert st.phase == Phase.DEAL_OVER
    assert [b.key for b in scoring.buttons][0] == "next"


def stack_hand(state, seat, text):
    """Swap cards between ``seat``'s hand and the stock or other hands so the
    hand is ``text`` (every card stays in the game exactly once)."""
    from game.engine import parse_cards

    wanted = [c.kind for c in parse_cards(text)]
    hands = [list(h) for h in state.hands]
    stock = list(state.stock)
    hand = hands[seat]
    places = [stock] + [h for s, h in enumerate(hands) if s != seat]
    for kind in wanted:
        if sum(1 for c in hand if c.kind == kind) >= wanted.count(kind):
            continue
        place, i = next((p, i) for p in places for i, c in enumerate(p) if c.kind == kind)
        j = next(j for j, c in enumerate(hand)
                 if sum(1 for h in hand if h.kind == c.kind) > wanted.count(c.kind))
        hand[j], place[i] = place[i], hand[j]
    return state.replace(hands=tuple(tuple(h) for h in hands), stock=tuple(stock))


def test_a_dealt_rummy_can_be_shown_with_the_show_button():
    from game.engine import check_invariants, parse_cards

    app = App((1280, 720), load=False, save=False)
    table = two_player_points(app)
    session = table.session
    blocked = {c.kind for c in session.state.discard} | {session.state.cut.kind}
    suits = ["SHCD", "HCDS", "CDSH", "DSHC"]
    for order in suits:  # a pure-run hand avoiding the upcard and the cut card
        text = " ".join(f"{r}{order[i]}" for i, run in enumerate(
            ["A23", "456", "789", "TJQK"]) for r in run)
        if not any(c.kind in blocked for c in parse_cards(text)):
            break
    session.state = stack_hand(session.state, table.bottom, text)
    check_invariants(session.state)
    table.sync_hand()
    press(app, "show")
    wait_until(app, lambda: isinstance(app.top, ScoringScene))
    result = app.top.state.result
    assert result.winner == table.bottom
    assert "hand rummy" in " ".join(result.notes)


def test_the_test_players_mouse_shows_a_dealt_rummy_too():
    # tests/ui/helpers.human_move plays whatever a bot chooses with the mouse;
    # a dealt hand that is already a show is played with the Show button
    from game.engine import ShowDealtHand, parse_cards
    from game.families import make_bot
    from tests.ui.helpers import human_move

    app = App((1280, 720), load=False, save=False)
    table = two_player_points(app)
    session = table.session
    blocked = {c.kind for c in session.state.discard} | {session.state.cut.kind}
    for order in ["SHCD", "HCDS", "CDSH", "DSHC"]:
        text = " ".join(f"{r}{order[i]}" for i, run in enumerate(
            ["A23", "456", "789", "TJQK"]) for r in run)
        if not any(c.kind in blocked for c in parse_cards(text)):
            break
    session.state = stack_hand(session.state, table.bottom, text)
    table.sync_hand()
    bot = make_bot("greedy", 7)
    assert bot.choose(session.view(table.bottom)) == ShowDealtHand()
    assert human_move(app, bot) == "declare"
    wait_until(app, lambda: isinstance(app.top, ScoringScene))
    assert app.top.state.result.winner == table.bottom


def test_the_heading_agrees_with_the_name_of_the_winner():
    # a room names the person's own seat ("Meera"), where the heading read
    # "Deal 1: Meera win"; at home the seat is "You": "You win"
    from types import SimpleNamespace

    from game.engine import Phase

    deal = SimpleNamespace(phase=Phase.DEAL_OVER, deal_no=1, winners=(), split=False,
                           result=SimpleNamespace(void=False, winner=0, deal_no=0))
    assert score_title(deal, ["Meera", "Ravi"]) == "Deal 1: Meera wins"
    assert score_title(deal, ["You", "Ravi"]) == "Deal 1: You win"
    over = SimpleNamespace(phase=Phase.MATCH_OVER, deal_no=3, winners=(0,), split=False,
                           result=deal.result)
    assert score_title(over, ["Meera", "Ravi"]) == "Match over: Meera wins!"
    assert score_title(over, ["You", "Ravi"]) == "Match over: You win!"
