"""Every sentence the bot itself writes, by key, with a locale lookup.

``tr = translator(interaction.locale)`` then ``tr("joined", name="Alice", n=2, max=6)``. A key
missing from a locale's table falls back to English, so a partial translation works: the French
table below shows the mechanism and covers the most frequent lines. The rules engine's refusals
carry a ``key`` (:class:`rummy.errors.RummyError`): ``rules.<key>`` here translates them, and an
error without a key or translation is shown as its English ``str()``.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

EN: dict[str, str] = {
    # -- refusals and errors --------------------------------------------------------------
    "guild_only": "Rami plays in servers only, not in direct messages.",
    "no_table": "There is no table in this channel: open one with /lobby create.",
    "game_closed": "This game is over: open a new table with /lobby create.",
    "not_started": "The game has not started yet.",
    "busy": "There is already a table in this channel: finish or cancel it first.",
    "stale": "The game moved on before your action was saved. Please try again.",
    "closed": "This game is already over.",
    "oops": "Sorry, something went wrong on my side. Use /hand to see where the game stands.",
    "hints_off": "Hints are turned off at this table.",
    "no_meld_number": "Name a meld by its number on the table (see /table).",
    "discard_changed": "The discard pile now shows {card}, not {promised}: press Refresh.",
    "unreadable": "This table's saved state could not be read, so it was closed (it does not count). "
    "Open a new one with /lobby create.",
    "start_hand_hint": "Press **My hand** (or type /hand) to see your cards.",
    "missing_permissions": "I cannot run a table here: my role lacks {missing} in this channel. Ask an admin "
    "to grant them (for a private thread, add me to it), then try again.",
    "too_many_cards": "That is more cards than the builder can hold: use /meld instead.",
    "stale_component": "This button or menu is out of date: press Refresh on your hand (or type /hand) and try again.",
    "too_long": "That is too long: {option} takes at most {max} characters.",
    "bad_choice": "{option} takes one of: {choices}.",
    "bad_card": "'{card}' is not a card (try 7H, 10S, QD, AC, 7♥, or JK for a joker; JK=6S pins a joker to 6♠).",
    "unknown_setting": "There is no rule or option called '{name}': pick one from the list.",
    "bad_value": "'{value}' is not a value {name} can take: pick one from the list.",
    # -- lobby ----------------------------------------------------------------------------
    "lobby_title": "Rami table: {title}",
    "lobby_preset": "Preset",
    "lobby_house": "House rules",
    "lobby_preset_line": "Preset {preset}: {text} (the house rules below change it)",
    "lobby_no_house": "none (the preset as written)",
    "lobby_options": "Table",
    "lobby_options_value": "turn timer {timer} · computer pause {pause} · hints {hints}",
    "timer_off": "off",
    "lobby_seats": "Seats ({n}/{max})",
    "lobby_host": "host",
    "lobby_footer": "Join with the button or /lobby join; the host starts with Start or /lobby start.",
    "lobby_expires": "This table closes {when} unless it starts.",
    "btn_join": "Join",
    "btn_leave": "Leave",
    "btn_start": "Start",
    "btn_hand": "My hand",
    "joined": "You joined the table ({n}/{max}).",
    "left_lobby": "You left the table.",
    "kicked": "{by} removed {name} from the table.",
    "bot_added": "{name} takes a seat ({n}/{max}).",
    "bot_removed": "{name} leaves the table.",
    "set_done": "{name} is now {value}.",
    "cancelled": "{name} cancelled the table. It does not count on the leaderboard.",
    "expired_lobby": "Nobody started this table in time: it is closed.",
    "expired_game": "This game went quiet for too long: it is abandoned and does not count.",
    "abandoned": "No person is left at the table: the game is abandoned and does not count.",
    "started": "The game starts: {title}.",
    "closed_board": "This table is closed.",
    # -- events (public) ------------------------------------------------------------------
    "ev_drew_stock": "{name} drew from the stock.",
    "ev_drew_discard": "{name} took {card} from the discard pile.",
    "ev_melded": "{name} melded {melds}.",
    "ev_laid_off": "{name} laid off {cards} on meld {n}.",
    "ev_swapped": "{name} put {card} in meld {n} and took its joker.",
    "ev_discarded": "{name} discarded {card}.",
    "ev_stock_rebuilt": "The discard pile becomes the new stock ({n} cards).",
    "ev_stock_rebuilt_shuffled": "The discard pile is shuffled into a new stock ({n} cards).",
    "ev_deal_started": "Deal {n}: {dealer} deals, {starter} plays first.",
    "ev_deal_over": "The deal is over: {why}.",
    "why_went_out": "{names} went out",
    "why_went_out_rummy": "{names} went out in one go (rummy: points doubled)",
    "why_stock_exhausted": "the stock ran out",
    "why_turn_cap": "the turn limit was reached",
    "why_abandoned": "too few players were left",
    "ev_points": "Points this deal: {points}.",
    "ev_totals": "Totals: {points}.",
    "ev_dropped": "{name} left the game.",
    "ev_new_host": "{name} is the host now.",
    "ev_eliminated": "{name} reached {score} points and is out.",
    "ev_game_over": "The game is over. {winners} {verb}!",
    "won_one": "wins",
    "won_many": "share the win",
    "turn_next": "{name}'s turn.",
    "turn_you": "{mention}, it's your turn.",
    "timeout": "Time's up for {name}: Rami played a safe turn for them ({count}/{max}).",
    "timeout_dropped": "{name} missed {max} turns in a row and leaves the game.",
    # -- the board and /table ---------------------------------------------------------------
    "board_title": "Rami: {title}, deal {n}",
    "board_over": "Rami: {title}, game over",
    "board_cancelled": "Rami: {title}, cancelled",
    "board_abandoned": "Rami: {title}, abandoned",
    "board_turn": "Turn",
    "board_turn_value": "**{name}**: {phase}",
    "board_deadline": "time runs out {when}",
    "phase_draw": "draws",
    "phase_play": "melds, lays off or discards",
    "board_discard": "Discard pile",
    "board_discard_value": "{top} (pile of {n})",
    "board_empty": "empty",
    "board_stock": "Stock",
    "board_stock_value": "{n} cards",
    "board_players": "Players",
    "board_player": "{name}: {cards} cards, {score} points",
    "board_player_out": "{name}: out, {score} points",
    "board_melds": "Melds on the table",
    "board_no_melds": "none yet",
    "board_standings": "Final standings",
    "board_standing": "{rank}. {name}: {score} points, {deals} deals won",
    "dealer_mark": "deals",
    # -- private hand ---------------------------------------------------------------------
    "hand_title": "Your hand ({n} cards)",
    "hand_drawn": "You drew {card}.",
    "hand_turn_draw": "Your turn: draw from the stock or take {top}.",
    "hand_turn_draw_stock": "Your turn: draw from the stock.",
    "hand_turn_play": "Your turn: meld, lay off, then discard.",
    "hand_wait": "{name} is playing.",
    "hand_over": "This deal is over.",
    "hand_melds": "Melds in your hand",
    "hand_melds_none": "none yet",
    "hand_melds_cmd": "Type: {command}",
    "hand_opening": "Opening",
    "hand_opening_value": "{need} points needed; your best melds make {have}.",
    "hand_table": "Table",
    "hand_table_value": "discard pile {top} · stock {stock} · {melds} melds",
    "btn_draw_stock": "Draw from stock",
    "btn_draw_discard": "Take {card}",
    "btn_meld": "Meld…",
    "btn_layoff": "Lay off…",
    "btn_refresh": "Refresh",
    "btn_back": "Back",
    "btn_lay_down": "Lay down {n} meld(s)",
    "ph_discard": "Discard a card…",
    "ph_meld_cards": "Pick the cards of one meld…",
    "ph_layoff_meld": "Choose a meld on the table…",
    "ph_layoff_cards": "Choose the cards to add to meld {n}…",
    "builder_title": "Meld builder",
    "builder_help": "Pick the cards of one meld, then add another or lay them down together. A joker takes the "
    "lowest free place: to choose the card it stands for, type the meld with /meld instead "
    "(its help shows how to pin a joker).",
    "builder_refused": "{cards} is not a meld: {why} Pick the cards again.",
    "builder_pending": "Melds so far",
    "builder_bad": "not a meld: {why}",
    "layoff_title": "Lay off",
    "layoff_help": "Choose the meld to add to.",
    "layoff_cards_help": "Choose the cards to add to {meld}.",
    # -- hint -----------------------------------------------------------------------------
    "hint_title": "Hint",
    "hint_melds": "Best melds now: {melds} (leaves {deadwood} points in hand).",
    "hint_no_melds": "Your hand holds no meld yet.",
    "hint_open_yes": "You can open: {melds} make {points} points (you need {need}).",
    "hint_open_no": "You cannot open yet: your best melds make {points} points, opening needs {need}.",
    "hint_discard": "Suggested discard: {card}.",
    "hint_take_yes": "Taking {top} lowers your deadwood from {before} to {after} points (after your best discard).",
    "hint_take_no": "Taking {top} does not lower your deadwood ({before} points now, {after} after).",
    "hint_play_now": "You can lay down now: {command}",
    "hint_draw": "Draw first; the discard pile shows {top}.",
    "hint_wait": "It is not your turn: plan your melds meanwhile.",
    # -- scores, rules, leaderboard -----------------------------------------------------------
    "scores_title": "Score sheet",
    "scores_deal": "Deal {n}",
    "scores_total": "Total",
    "scores_none": "No deal has finished yet.",
    "lb_title": "Leaderboard: {preset}",
    "lb_all": "all presets",
    "lb_empty": "No finished games here yet.",
    "lb_footer": "The rating grows with wins against strong players and starts at 0; abandoned games never count.",
    "lb_no_people": "No person has finished a game here yet: only computer players, below.",
    "lb_line": "{rank}. {name}: rating {rating:.1f} · games: {games} · wins: {wins} ({rate:.0%}) · "
    "deals won: {deals} · rummies: {rummies}",
    "lb_bots": "Computer players (not ranked with people)",
    "stats_title": "{name}'s record",
    "stats_none": "{name} has not finished a game here yet.",
    "stats_line": "{preset}: games: {games}, wins: {wins} ({rate:.0%}), deals won: {deals}, rummies: {rummies}, "
    "rating {rating:.1f}",
    # -- the rules engine's refusals (RummyError.key): English is str(error); other languages
    # -- translate these, with the same placeholders (the error's params) ----------------------
    "rules.not_your_turn": "It is not your turn.",
    "rules.turn_of": "It's {name}'s turn.",
    "rules.must_draw": "You must draw first: from the stock or the discard pile.",
    "rules.starter_no_draw": "The starter's first turn has no draw: meld if you like, then discard.",
    "rules.already_drew": "You have already drawn this turn: meld, lay off or discard.",
    "rules.discard_empty": "The discard pile is empty: draw from the stock.",
    "rules.cards_short": "You have only {held} {card} in your hand, not {named}.",
    "rules.card_not_in_hand": "You don't have {card} in your hand.",
    "rules.one_meld_per_turn": "Only one new meld per turn at this table (lay-offs are free).",
    "rules.opening_too_low": "Your first lay-down needs {need} points: your melds make {have}.",
    "rules.lay_off_before_opening": "You can only add to melds on the table after your first lay-down of {need} "
    "points.",
    "rules.lay_off_next_turn": "You can add to melds on the table from your next turn on.",
    "rules.discard_taken": "You took {card} from the discard pile: discard another card this turn.",
    "rules.meld_too_short": "{cards} is not a meld: a meld needs at least 3 cards.",
    "rules.set_suits": "{cards} is not a set: the suits must all differ.",
    "rules.not_run_or_set": "{cards} is not a run: the cards of a run share one suit (and a set shares one rank).",
    "rules.run_rank_twice": "{cards} is not a run: a rank appears twice.",
    "rules.game_over": "This game is over.",
    "rules.not_seated": "You are not playing at this table.",
    "rules.already_started": "The game has already started.",
    "rules.only_host": "Only the host can do that.",
    "rules.table_full": "The table is full ({max} seats).",
    "rules.already_seated": "You are already seated at this table.",
}

FR: dict[str, str] = {
    "rules.not_your_turn": "Ce n'est pas votre tour.",
    "rules.turn_of": "C'est au tour de {name}.",
    "rules.must_draw": "Piochez d'abord : dans la pioche ou sur la défausse.",
    "rules.starter_no_draw": "Le premier joueur ne pioche pas à son premier tour : posez si vous voulez, "
    "puis défaussez.",
    "rules.already_drew": "Vous avez déjà pioché ce tour-ci : posez, complétez ou défaussez.",
    "rules.discard_empty": "La défausse est vide : piochez dans la pioche.",
    "rules.cards_short": "Vous n'avez que {held} {card} en main, pas {named}.",
    "rules.card_not_in_hand": "Vous n'avez pas {card} en main.",
    "rules.one_meld_per_turn": "Une seule nouvelle combinaison par tour à cette table (compléter reste libre).",
    "rules.opening_too_low": "Votre première pose demande {need} points : vos combinaisons en font {have}.",
    "rules.lay_off_before_opening": "Vous ne pouvez compléter les combinaisons posées qu'après votre première pose "
    "de {need} points.",
    "rules.lay_off_next_turn": "Vous pourrez compléter les combinaisons posées à partir de votre prochain tour.",
    "rules.discard_taken": "Vous avez pris {card} dans la défausse : défaussez une autre carte ce tour-ci.",
    "rules.meld_too_short": "{cards} n'est pas une combinaison : il faut au moins 3 cartes.",
    "rules.set_suits": "{cards} n'est pas un brelan ou carré : les couleurs doivent toutes différer.",
    "rules.not_run_or_set": "{cards} n'est pas une suite : une suite est d'une seule couleur (un brelan, d'un seul "
    "rang).",
    "rules.run_rank_twice": "{cards} n'est pas une suite : un rang y figure deux fois.",
    "rules.game_over": "Cette partie est terminée.",
    "rules.not_seated": "Vous ne jouez pas à cette table.",
    "rules.already_started": "La partie a déjà commencé.",
    "rules.only_host": "Seul l'hôte de la table peut faire cela.",
    "rules.table_full": "La table est complète ({max} places).",
    "rules.already_seated": "Vous êtes déjà assis à cette table.",
    "guild_only": "Rami se joue sur un serveur, pas en message privé.",
    "no_table": "Il n'y a pas de table dans ce salon : ouvrez-en une avec /lobby create.",
    "busy": "Il y a déjà une table dans ce salon : terminez-la ou annulez-la d'abord.",
    "oops": "Désolé, quelque chose s'est mal passé de mon côté. /hand montre où en est la partie.",
    "stale_component": "Ce bouton ou ce menu n'est plus à jour : appuyez sur Actualiser dans votre main (ou tapez "
    "/hand), puis réessayez.",
    "too_long": "C'est trop long : {option} accepte au plus {max} caractères.",
    "bad_choice": "{option} accepte l'une de ces valeurs : {choices}.",
    "bad_card": "« {card} » n'est pas une carte (essayez 7H, 10S, QD, AC, 7♥, ou JK pour un joker ; JK=6S fixe un "
    "joker à 6♠).",
    "unknown_setting": "Il n'y a pas de règle ni d'option appelée « {name} » : choisissez-en une dans la liste.",
    "bad_value": "« {value} » n'est pas une valeur possible pour {name} : choisissez-en une dans la liste.",
    "btn_join": "Rejoindre",
    "btn_leave": "Quitter",
    "btn_start": "Commencer",
    "btn_hand": "Ma main",
    "joined": "Vous avez rejoint la table ({n}/{max}).",
    "ev_drew_stock": "{name} a pioché.",
    "ev_drew_discard": "{name} a pris {card} dans la défausse.",
    "ev_melded": "{name} a posé {melds}.",
    "ev_discarded": "{name} a défaussé {card}.",
    "turn_next": "À {name} de jouer.",
    "turn_you": "{mention}, à vous de jouer.",
    "hand_title": "Votre main ({n} cartes)",
    "hand_drawn": "Vous avez pioché {card}.",
    "btn_draw_stock": "Piocher",
    "btn_refresh": "Actualiser",
    "ph_discard": "Défausser une carte…",
}

CATALOG: dict[str, dict[str, str]] = {"en": EN, "fr": FR}

# Command and option descriptions, keyed by the English text written in the cogs. Discord shows
# each user the text of their own locale; :class:`cogs.errors.CommandText` feeds these at sync.
COMMANDS: dict[str, dict[str, str]] = {
    "fr": {
        "Open, fill and start a table of rummy": "Ouvrir, remplir et lancer une table de rami",
        "Open a table in this channel": "Ouvrir une table dans ce salon",
        "Take a seat at this channel's table": "Prendre place à la table de ce salon",
        "Draw a card: from the stock, or the top of the discard pile": "Piocher : dans la pioche ou sur la défausse",
        "Discard a card and end your turn": "Défausser une carte et finir son tour",
        "See your hand (only you see it)": "Voir sa main (vous seul la voyez)",
        # choice names (the value sent stays the English word)
        "stock": "pioche",
        "discard pile": "défausse",
        "easy": "facile",
        "normal": "moyen",
        "hard": "difficile",
    },
}

Translator = Callable[..., str]


def language(locale: object) -> str:
    """The catalog language for a Discord locale (``"fr"``, ``"en-US"``...), English by default."""
    code = str(getattr(locale, "value", locale) or "en").lower()
    for candidate in (code, code.split("-", 1)[0]):
        if candidate in CATALOG:
            return candidate
    return "en"


def text(locale: object, key: str, **params: Any) -> str:
    """The sentence ``key`` in the locale's language (English when it has no translation)."""
    table = CATALOG[language(locale)]
    template = table.get(key) or EN[key]
    return template.format(**params) if params else template


def command_text(english: str, locale: object) -> str | None:
    """A command or option description in ``locale``'s language, if the catalog has one."""
    return COMMANDS.get(language(locale), {}).get(english)


def translator(locale: object) -> Translator:
    """A function ``tr(key, **params)`` bound to ``locale`` (the same as :func:`text`)."""
    return _translator(language(locale))


@functools.cache
def _translator(lang: str) -> Translator:
    """One translator per catalog language: the language is worked out once, not at every sentence
    (a public line and a board take dozens)."""
    table = CATALOG[lang]

    def tr(key: str, **params: Any) -> str:
        template = table.get(key) or EN[key]
        return template.format(**params) if params else template

    return tr
