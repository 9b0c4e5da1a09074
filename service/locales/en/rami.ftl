# Rami: every sentence the bot writes, in English (the source language).
#
# Project Fluent syntax: https://projectfluent.org/fluent/guide/
# A message id is the catalog key the code passes, with "." and "_" written "-"
# (the code's "rules.not_your_turn" is "rules-not-your-turn" here). Variables ($name)
# are what the code passes; fr/rami.ftl has every message of this file, with the
# same variables. Counts use a plural selector: English "one" is 1 only.
# Card names stay symbols (7♥, 🃏): they come in variables, never in the text.

## Refusals and errors

guild-only = Rami plays in servers only, not in direct messages.
no-table = There is no table in this channel: open one with /lobby create.
game-closed = This game is over: open a new table with /lobby create.
not-started = The game has not started yet.
busy = There is already a table in this channel: finish or cancel it first.
stale = The game moved on before your action was saved. Please try again.
closed = This game is already over.
oops = Sorry, something went wrong on my side. Use /hand to see where the game stands.
hints-off = Hints are turned off at this table.
no-meld-number = Name a meld by its number on the table (see /table).
# $card: the top of the discard pile now; $promised: the card the button offered
discard-changed = The discard pile now shows { $card }, not { $promised }: press { btn-refresh }.
unreadable = This table's saved state could not be read, so it was closed (it does not count). Open a new one with /lobby create.
start-hand-hint = Press **{ btn-hand }** (or type /hand) to see your cards.
# $missing: Discord's names of the permissions, joined with commas
missing-permissions = I cannot run a table here: my role lacks { $missing } in this channel. Ask an admin to grant them (for a private thread, add me to it), then try again.
too-many-cards = That is more cards than the builder can hold: use /meld instead.
# the refusals of typed input and of stale or forged components
stale-component = This button or menu is out of date: press { btn-refresh } on your hand (or type /hand) and try again.
# $option: the option's name; $max: the characters it takes at most
too-long =
    That is too long: { $option } takes at most { $max ->
        [one] { $max } character
       *[other] { $max } characters
    }.
bad-choice = { $option } takes one of: { $choices }.
bad-card = '{ $card }' is not a card (try 7H, 10S, QD, AC, 7♥, or JK for a joker; JK=6S pins a joker to 6♠).
unknown-setting = There is no rule or option called '{ $name }': pick one from the list.
bad-value = '{ $value }' is not a value { $name } can take: pick one from the list.

## Lobby

lobby-title = Rami table: { $title }
lobby-preset = Preset
lobby-house = House rules
lobby-preset-line = Preset { $preset }: { $text } (the house rules below change it)
lobby-no-house = none (the preset as written)
lobby-options = Table
lobby-options-value = turn timer { $timer } · computer pause { $pause } · hints { $hints } · thread { $thread }
timer-off = off
# $n: players seated; $max: seats
lobby-seats = Seats ({ $n }/{ $max })
lobby-host = host
lobby-footer = Join with the button or /lobby join; the host starts with { btn-start } or /lobby start.
# $when: a Discord timestamp ("in 10 minutes")
lobby-expires = This table closes { $when } unless it starts.
btn-join = Join
btn-leave = Leave
btn-start = Start
btn-hand = My hand
joined = You joined the table ({ $n }/{ $max }).
left-lobby = You left the table.
kicked = { $by } removed { $name } from the table.
bot-added = { $name } takes a seat ({ $n }/{ $max }).
bot-removed = { $name } leaves the table.
set-done = { $name } is now { $value }.
cancelled = { $name } cancelled the table. It does not count on the leaderboard.
expired-lobby = Nobody started this table in time: it is closed.
expired-game = This game went quiet for too long: it is abandoned and does not count.
abandoned = No person is left at the table: the game is abandoned and does not count.
started = The game starts: { $title }.
closed-board = This table is closed.

## Events (public)

ev-drew-stock = { $name } drew from the stock.
ev-drew-discard = { $name } took { $card } from the discard pile.
ev-melded = { $name } melded { $melds }.
# $n: the meld's number on the table
ev-laid-off = { $name } laid off { $cards } on meld { $n }.
ev-swapped = { $name } put { $card } in meld { $n } and took its joker.
ev-discarded = { $name } discarded { $card }.
ev-stock-rebuilt =
    The discard pile becomes the new stock ({ $n ->
        [one] { $n } card
       *[other] { $n } cards
    }).
ev-stock-rebuilt-shuffled =
    The discard pile is shuffled into a new stock ({ $n ->
        [one] { $n } card
       *[other] { $n } cards
    }).
# $n: the deal's number
ev-deal-started = Deal { $n }: { $dealer } deals, { $starter } plays first.
# $why: one of the why-* messages below
ev-deal-over = The deal is over: { $why }.
why-went-out = { $names } went out
why-went-out-rummy = { $names } went out in one go (rummy: points doubled)
why-stock-exhausted = the stock ran out
why-turn-cap = the turn limit was reached
why-abandoned = too few players were left
why-agreed = the players agreed to end it
ev-deal-stalled = The stock has been rebuilt twice with no meld or lay-off: any player may propose to end this deal.
# $waiting: the people still to agree, joined with commas
ev-end-proposed = { $name } proposes to end this deal. Still to agree: { $waiting }.
ev-end-agreed = { $name } agrees to end this deal. Still to agree: { $waiting }.
ev-end-agreed-last = { $name } agrees to end this deal.
ev-end-proposed-alone = { $name } ends this deal (the computer players always agree).
ev-end-declined = { $name } wants to keep playing: the proposal to end this deal is withdrawn.
ev-end-lapsed = A meld or a lay-off was made: the proposal to end this deal lapses.
# $points: "name points" pairs, joined with commas
ev-points = Points this deal: { $points }.
ev-totals = Totals: { $points }.
ev-dropped = { $name } left the game.
ev-new-host = { $name } is the host now.
ev-eliminated =
    { $name } reached { $score ->
        [one] { $score } point
       *[other] { $score } points
    } and is out.
# $verb: won-one or won-many
ev-game-over = The game is over. { $winners } { $verb }!
won-one = wins
won-many = share the win
turn-next = { $name }'s turn.
turn-you = { $mention }, it's your turn.
# $count: turns timed out in a row; $max: the turns after which the player leaves
timeout = Time's up for { $name }: Rami played a safe turn for them ({ $count }/{ $max }).
timeout-dropped =
    { $name } missed { $max ->
        [one] { $max } turn
       *[other] { $max } turns
    } in a row and leaves the game.

## The board and /table

board-title = Rami: { $title }, deal { $n }
board-over = Rami: { $title }, game over
board-cancelled = Rami: { $title }, cancelled
board-abandoned = Rami: { $title }, abandoned
board-turn = Turn
# $phase: phase-draw or phase-play
board-turn-value = **{ $name }**: { $phase }
board-deadline = time runs out { $when }
phase-draw = draws
phase-play = melds, lays off or discards
board-discard = Discard pile
# $top: the top card; $n: the cards in the pile
board-discard-value = { $top } (pile of { $n })
board-empty = empty
board-stock = Stock
board-stock-value =
    { $n ->
        [one] { $n } card
       *[other] { $n } cards
    }
board-stalled = This deal goes nowhere
# $n: the stock rebuilds with no meld and no lay-off
board-stalled-offer =
    The stock has been rebuilt { $n ->
        [one] { $n } time
       *[other] { $n } times
    } with no meld or lay-off: any player may press **{ btn-end-propose }**.
# $waiting: the people still to agree, joined with commas
board-stalled-vote = { $name } proposed to end it. Still to agree: { $waiting }.
btn-end-propose = End this deal
btn-end-agree = Agree to end
btn-end-decline = Keep playing
board-players = Players
board-player =
    { $name }: { $cards ->
        [one] { $cards } card
       *[other] { $cards } cards
    }, { $score ->
        [one] { $score } point
       *[other] { $score } points
    }
board-player-out =
    { $name }: out, { $score ->
        [one] { $score } point
       *[other] { $score } points
    }
board-melds = Melds on the table
board-no-melds = none yet
board-standings = Final standings
board-standing =
    { $rank }. { $name }: { $score ->
        [one] { $score } point
       *[other] { $score } points
    }, { $deals ->
        [one] { $deals } deal won
       *[other] { $deals } deals won
    }
dealer-mark = deals

## The private hand

hand-title =
    Your hand ({ $n ->
        [one] { $n } card
       *[other] { $n } cards
    })
hand-drawn = You drew { $card }.
hand-turn-draw = Your turn: draw from the stock or take { $top }.
hand-turn-draw-stock = Your turn: draw from the stock.
hand-turn-play = Your turn: meld, lay off, then discard.
hand-wait = { $name } is playing.
hand-over = This deal is over.
hand-melds = Melds in your hand
hand-melds-none = none yet
hand-melds-cmd = Type: { $command }
hand-opening = Opening
# $need: the opening threshold; $have: the points of the best opening melds
hand-opening-value =
    { $need ->
        [one] { $need } point
       *[other] { $need } points
    } needed; your best melds make { $have }.
hand-table = Table
# $stock: the cards in the stock; $melds: the melds on the table
hand-table-value =
    discard pile { $top } · stock { $stock } · { $melds ->
        [one] { $melds } meld
       *[other] { $melds } melds
    }
btn-draw-stock = Draw from stock
btn-draw-discard = Take { $card }
btn-meld = Meld…
btn-layoff = Lay off…
btn-refresh = Refresh
btn-back = Back
btn-lay-down =
    Lay down { $n ->
        [one] { $n } meld
       *[other] { $n } melds
    }
ph-discard = Discard a card…
ph-meld-cards = Pick the cards of one meld…
ph-layoff-meld = Choose a meld on the table…
ph-layoff-cards = Choose the cards to add to meld { $n }…
builder-title = Meld builder
builder-help = Pick the cards of one meld, then add another or lay them down together. Where a joker could stand for more than one card, you choose which.
# $why: the rules' reason, a sentence
builder-refused = { $cards } is not a meld: { $why } Pick the cards again.
builder-pending = Melds so far
builder-bad = not a meld: { $why }
layoff-title = Lay off
layoff-help = Choose the meld to add to.
layoff-cards-help = Choose the cards to add to { $meld }.

## /hint

hint-title = Hint
hint-melds =
    Best melds now: { $melds } (leaves { $deadwood ->
        [one] { $deadwood } point
       *[other] { $deadwood } points
    } in hand).
hint-no-melds = Your hand holds no meld yet.
hint-open-yes =
    You can open: { $melds } make { $points ->
        [one] { $points } point
       *[other] { $points } points
    } (you need { $need }).
hint-open-no =
    You cannot open yet: your best melds make { $points ->
        [one] { $points } point
       *[other] { $points } points
    }, opening needs { $need }.
hint-discard = Suggested discard: { $card }.
hint-take-yes =
    Taking { $top } lowers your deadwood from { $before } to { $after ->
        [one] { $after } point
       *[other] { $after } points
    } (after your best discard).
hint-take-no =
    Taking { $top } does not lower your deadwood ({ $before ->
        [one] { $before } point
       *[other] { $before } points
    } now, { $after } after).
hint-play-now = You can lay down now: { $command }
hint-draw = Draw first; the discard pile shows { $top }.
hint-wait = It is not your turn: plan your melds meanwhile.

## Scores, leaderboard, stats

scores-title = Score sheet
scores-deal = Deal { $n }
scores-total = Total
scores-none = No deal has finished yet.
lb-title = Leaderboard: { $preset }
lb-all = all presets
lb-empty = No finished games here yet.
lb-footer = The rating grows with wins against strong players and starts at 0; abandoned games never count.
lb-no-people = No person has finished a game here yet: only computer players, below.
# $rating: a number shown with one decimal; $rate: the share of games won (0 to 1)
lb-line = { $rank }. { $name }: rating { NUMBER($rating, minimumFractionDigits: 1, maximumFractionDigits: 1) } · games: { $games } · wins: { $wins } ({ NUMBER($rate, style: "percent") }) · deals won: { $deals } · rummies: { $rummies }
lb-bots = Computer players (not ranked with people)
stats-title = { $name }'s record
stats-none = { $name } has not finished a game here yet.

## Pictures and /settings

pic-hand = Your hand as cards, sorted and grouped by suit; the card you just drew is raised.
pic-table = The table as cards: the stock, the discard pile and the melds with their numbers.
pic-scores = A chart of each player's running total, deal by deal.
chart-deal = Deal
chart-points = Points
chart-penalty = Penalty points
pictures-no-attach = I lack **Attach Files** in this channel, so the table is shown as text only. Ask an admin to grant it to my role to see the cards as pictures.
settings-pictures-on = Pictures on: your hand, /table and /scores show the cards beside the text.
settings-pictures-off = Text only: your hand, /table and /scores show no pictures (the table's public message still does).
settings-pictures-is-on = You see pictures beside the text. For text only, use /settings pictures and pick “{ cmd-choice-text-only }”.
settings-pictures-is-off = You see text only. For pictures beside it, use /settings pictures and pick “{ cmd-choice-pictures-and-text }”.
settings-pictures-bot-off = Pictures are switched off on this bot for now, whatever you choose.

## The rules engine's refusals (RummyError.key, here rules-<key>). In English the
## player reads the error's own str(); these are its sentences, for the other
## languages to translate, with the error's params as variables.

rules-not-your-turn = It is not your turn.
rules-turn-of = It's { $name }'s turn.
rules-must-draw = You must draw first: from the stock or the discard pile.
rules-starter-no-draw = The starter's first turn has no draw: meld if you like, then discard.
rules-already-drew = You have already drawn this turn: meld, lay off or discard.
rules-discard-empty = The discard pile is empty: draw from the stock.
# $held: how many copies of $card the hand holds; $named: how many were named
rules-cards-short = You have only { $held } { $card } in your hand, not { $named }.
rules-card-not-in-hand = You don't have { $card } in your hand.
rules-one-meld-per-turn = Only one new meld per turn at this table (lay-offs are free).
rules-opening-too-low =
    Your first lay-down needs { $need ->
        [one] { $need } point
       *[other] { $need } points
    }: your melds make { $have }.
rules-lay-off-before-opening =
    You can only add to melds on the table after your first lay-down of { $need ->
        [one] { $need } point
       *[other] { $need } points
    }.
rules-lay-off-next-turn = You can add to melds on the table from your next turn on.
rules-discard-taken = You took { $card } from the discard pile: discard another card this turn.
rules-meld-too-short = { $cards } is not a meld: a meld needs at least 3 cards.
rules-set-suits = { $cards } is not a set: the suits must all differ.
rules-not-run-or-set = { $cards } is not a run: the cards of a run share one suit (and a set shares one rank).
rules-run-rank-twice = { $cards } is not a run: a rank appears twice.
# $lower: the card the joker must stand for; $pinned: the card it was pinned to
rules-joker-lower-place = { $cards } is not a run here: at this table a joker that fits at either end of a run stands for the lower card, { $lower }, not { $pinned }.
rules-game-over = This game is over.
rules-not-seated = You are not playing at this table.
rules-already-started = The game has already started.
rules-only-host = Only the host can do that.
rules-table-full =
    The table is full ({ $max ->
        [one] { $max } seat
       *[other] { $max } seats
    }).
rules-already-seated = You are already seated at this table.
rules-end-not-playing = There is no deal in play.
rules-end-not-offered =
    At this table a deal is not ended by agreement: the stock is rebuilt at most { $limit ->
        [one] { $limit } time
       *[other] { $limit } times
    }, then the deal ends on its own.
# $need: the stock rebuilds with no meld and no lay-off that let a deal be ended; $rebuilds: so far
rules-deal-not-stalled =
    This deal still goes somewhere: it can be ended by agreement once the stock has been rebuilt { $need ->
        [one] { $need } time
       *[other] { $need } times
    } with no meld and no lay-off ({ $rebuilds } so far).
rules-end-computer = { $name } is a computer player: it always agrees, only the people at the table decide.
rules-end-not-dealt = You are not playing this deal.
rules-end-not-proposed = Nobody has proposed to end this deal.
rules-end-already-proposed = { $name } has already proposed to end this deal: agree or decline.
rules-end-already-agreed = You have already agreed to end this deal.

## Command and option descriptions, and choice names. The code writes them in
## English (Discord's default); command_text() finds the message whose English
## text it is, and Discord shows French users the French one.

cmd-lobby = Open, fill and start a table of rummy
cmd-lobby-create = Open a table in this channel
cmd-lobby-create-preset = The rule set to play (default: basic)
cmd-lobby-join = Take a seat at this channel's table
cmd-lobby-leave = Leave the table (or the game in play)
cmd-lobby-start = Deal the first hand (host only)
cmd-lobby-cancel = Cancel the table or the game (host or moderators)
cmd-lobby-kick = Remove a player from the table (host or moderators)
cmd-lobby-kick-member = The player to remove
cmd-lobby-set = Change a house rule or a table option before the start (host)
cmd-lobby-set-rule = The house rule or table option to change
cmd-lobby-set-value = Its new value
cmd-lobby-addbot = Seat a computer player (host)
cmd-lobby-addbot-level = How well it plays (default: { cmd-choice-normal })
cmd-lobby-removebot = Remove the computer player seated last (host)
cmd-draw = Draw a card: from the stock, or the top of the discard pile
cmd-draw-source = Where to draw from (default: the stock)
cmd-meld = Lay down one or more melds (separate melds with |)
cmd-meld-cards = The cards, e.g. 7H 8H 9H | QC QD QS (JK=6S pins a joker)
cmd-layoff = Add cards from your hand to a meld on the table
cmd-layoff-cards = The cards to add, e.g. 10H JH
cmd-layoff-meld = The number of the meld on the table
cmd-swap = Take a joker from a meld by putting in the card it stands for
cmd-swap-meld = The number of the meld holding the joker
cmd-swap-card = The card the joker stands for
cmd-discard = Discard a card and end your turn
cmd-discard-card = The card to discard, e.g. KS or K♠
cmd-hand = See your hand (only you see it)
cmd-table = The table: melds, discard pile, stock, card counts, whose turn
cmd-scores = The score sheet of the game in this channel
cmd-rules = The rules in plain words: of a preset, or of this table
cmd-rules-preset = A preset to read (default: the rules of this channel's table)
cmd-hint = Advice for your hand: best melds, the opening, a discard
cmd-leaderboard = The best players of this server
cmd-leaderboard-preset = Only games of this preset (default: all presets)
cmd-stats = A player's record on this server
cmd-stats-member = Whose record (default: yours)
cmd-settings = Your own settings for Rami
cmd-settings-pictures = Pictures of the cards beside the text, or text only
cmd-settings-pictures-show = on: pictures beside the text; off: text only (default: tell me my setting)
cmd-choice-stock = stock
cmd-choice-discard-pile = discard pile
cmd-choice-easy = easy
cmd-choice-normal = normal
cmd-choice-hard = hard
cmd-choice-expert = expert

## /rami language: a server's language for its public messages (admins)
manage-guild-only = Only members with the Manage Server permission can change Rami's settings.
language-set = Rami's public messages on this server are now in { $language ->
        [fr] French
       *[en] English
    }. Private replies follow each person's own Discord language.
language-auto = Rami's public messages on this server now follow the language the server reports to Discord (today: { $language ->
        [fr] French
       *[en] English
    }). Private replies follow each person's own Discord language.
cmd-rami = Rami's settings for this server (admins)
cmd-rami-language = The language of the bot's public messages on this server
cmd-rami-language-language = French, English, or auto: the language the server reports to Discord
cmd-choice-francais = français
cmd-choice-english = English
cmd-choice-auto = auto (the server's own language)

## The presets, as the lobby, the board and /rules name them
preset-basic-title = Basic rummy (Bicycle)
preset-basic-description = One deck, no jokers, ace low, winner collects, rummy doubles, 3 deals.
preset-rummy100-title = Basic rummy, first to 100
preset-rummy100-description = One deck, one meld per turn, winner collects, no rummy bonus, first to 100.
preset-rami100-title = Rami en 100 points
preset-rami100-description = One deck, a final discard is required, one reshuffle then a dead deal, first to 100.
preset-rami51-title = Rami 51 (French rummy)
preset-rami51-description = Two decks and four jokers, 13 cards (starter 14), open at 51, penalty points, out at 500.
preset-ref40-title = Rami 40 (reference rules)
preset-ref40-description = 2-3 decks and four jokers, 13 cards, open at 40, one joker per meld, joker swap, 2 reshuffles, penalty points, out at 500.
preset-ref51-title = Rami 51 (reference rules)
preset-ref51-description = 2-3 decks and four jokers, 13 cards, open at 51, one joker per meld, joker swap, 2 reshuffles, penalty points, out at 500.
cmd-choice-preset-basic = basic: Basic rummy (Bicycle)
cmd-choice-preset-rummy100 = rummy100: Basic rummy, first to 100
cmd-choice-preset-rami100 = rami100: Rami en 100 points
cmd-choice-preset-rami51 = rami51: Rami 51 (French rummy)
cmd-choice-preset-ref40 = ref40: Rami 40 (reference rules)
cmd-choice-preset-ref51 = ref51: Rami 51 (reference rules)

## House rules and table options (/lobby set, the lobby's board): a value as the engine shows it
house-rule = { $name }: { $value } (preset { $preset })
value-none = none
value-yes = yes
value-no = no
value-seconds = { $n }s
value-low = low
value-low-or-high = low_or_high
value-no-more-than-naturals = no_more_than_naturals
value-one = one
value-player-choice = player_choice
value-lower = lower
value-any-time = any_time
value-after-opening = after_opening
value-after-opening-later-turns = after_opening_later_turns
value-upcard = upcard
value-starter-extra-card = starter_extra_card
value-turn-whole-pile = turn_whole_pile
value-turn-keep-top = turn_keep_top
value-shuffle-keep-top = shuffle_keep_top
value-nobody-scores = nobody_scores
value-lowest-hand-wins = lowest_hand_wins
value-winner-collects = winner_collects
value-penalty = penalty
value-deals = deals
value-target = target
value-elimination = elimination
knob-turn-timer = Seconds a player has for a turn before it is played for them (0: off)
knob-bot-pause = Seconds a computer player waits before each move
knob-hints = Players may ask /hint for advice
knob-decks = Number of 52-card decks
knob-decks-for-5-6 = Decks with 5-6 players (none: same as decks)
knob-jokers = Jokers in the pack (per deck if jokers_per_deck)
knob-jokers-per-deck = Count jokers per deck in play
knob-hand-size = Cards dealt to each player (0: 10/7/6 by player count)
knob-first-discard = Turn up a first discard, or give the starter an extra card
knob-winner-deals-two-players = With 2 players the winner deals next
knob-ace = Ace low only (A-2-3), or low or high (Q-K-A)
knob-joker-limit = Jokers allowed in one meld
knob-joker-swap = Take a melded joker by putting in the card it stands for
knob-joker-place = A joker that fits at either end of a run: the player picks, or always the lower
knob-opening = Points needed for a player's first lay-down (0: none)
knob-one-meld-per-turn = Only one new meld per turn (lay-offs unlimited)
knob-lay-off = When a player may add cards to melds on the table
knob-final-discard-required = Going out needs a final discard
knob-rummy-doubles = Rummy / rami sec (going out in one turn) doubles the points
knob-stock-refill = How the discard pile becomes a new stock
knob-draw-discard-when-stock-empty = With the stock empty, the next player may take the top discard instead
knob-refill-limit = How many times the stock may be rebuilt per deal (none: no limit)
knob-dead-deal = When the stock cannot be rebuilt or the turn cap is hit
knob-turn-cap = Turns after which the deal ends
knob-scoring = Winner collects the others' hands, or penalty points
knob-ace-value = Value of an ace left in hand
knob-joker-value = Value of a joker left in hand
knob-game-end = Game ends after N deals, at a target score, or by elimination
knob-game-length = Deals, target score or elimination limit (see game_end)
knob-max-players = Seats at the table
knob-void-deal-limit = Deals in a row in which nobody scores after which a target or elimination game ends (best total wins)

## Computer players: their names and levels
bot-name = Bot ({ $level })
bot-name-nth = Bot { $n } ({ $level })
level-easy = easy
level-normal = normal
level-hard = hard
level-expert = expert

## Refusals of the rules engine, more (rummy/melds.py, plays.py, deal.py)
rules-no-jokers = { $cards }: this game is played without jokers.
rules-one-joker-per-meld = { $cards } is not a meld: only one joker is allowed per meld.
rules-too-many-jokers = { $cards } is not a meld: a meld cannot hold more jokers than natural cards.
rules-needs-naturals = { $cards } is not a meld: it needs natural cards.
rules-set-size = { $cards } is not a set: a set has 3 or 4 cards, one of each suit.
rules-set-joker-rank = { $cards } is not a set: the joker must stand for a { $rank }.
rules-set-suit-taken = { $cards } is not a set: the suits must all differ ({ $card } is already there).
rules-run-joker-suit = { $cards } is not a run: the joker must stand for a { $suit } card.
rules-run-too-long = { $cards } is not a run: a run holds at most 13 cards (A to K, or 2 to A).
rules-run-corner = { $cards } is not a run: a run cannot go round the corner (K-A-2).
rules-ace-low = { $cards } is not a run: the ace is low here (A-2-3, never Q-K-A).
rules-not-in-sequence = { $cards } is not a run: the cards are not in sequence.
rules-lay-off-no-card = Name at least one card to lay off.
rules-no-joker-swap = Joker swap is not played at this table.
rules-swap-with-joker = Swap a joker with the natural card it stands for, not with a joker.
rules-no-joker-in-meld = { $meld } holds no joker.
rules-swap-set-naturals = In a set the joker can only be taken when it sits with 3 natural cards ({ $meld }).
rules-swap-wrong-card = The joker in { $meld } stands for { $wanted }, not { $card }.
rules-keep-final-discard = You must keep one card to discard: going out needs a final discard.
rules-keep-only-taken = You cannot keep only { $card }, the card you took from the discard pile: you could not discard it.
rules-meld-no-card = Name the cards to meld.
rules-swap-before-opening = Only a player who has made their first lay-down may take a joker from the table.
rules-swap-one-at-a-time = Play the joker you already took before taking another.
rules-play-taken-joker = You took a joker from the table: you must play it again this turn.
rules-deal-over = This deal is over.
rules-stock-empty-take-discard = The stock is empty and cannot be rebuilt: take the top discard.

## Refusals of the lobby and the table (rummy/lobby.py, table.py)
rules-table-closed = This table is closed.
rules-host-leaves = You are the host: start the game, or cancel the table with /lobby cancel.
rules-kick-host = The host cannot be kicked: cancel the table instead.
rules-member-not-seated = That member is not playing at this table.
rules-no-computer-player = There is no computer player at this table.
rules-too-many-seated = { $n ->
        [one] { $n } player is
       *[other] { $n } players are
    } already seated.
rules-not-enough-players = You need at least { $n ->
        [one] { $n } player
       *[other] { $n } players
    } to start: invite someone or add a computer player.
rules-not-started-yet = The game has not started yet.
rules-already-left = { $name } has already left the game.

## Refusals of /lobby set (rummy/rules.py, table_options.py)
rules-takes-yes-no = { $rule } takes yes or no, not { $value }.
rules-takes-one-of = { $rule } takes one of { $choices }, not { $value }.
rules-needs-number = { $rule } needs a number.
rules-needs-whole-number = { $rule } needs a whole number, not { $value }.
rules-at-least = { $rule } must be at least { $min }.
rules-at-most = { $rule } must be at most { $max }.
rules-needs-seconds = { $rule } needs a number of seconds, not { $value }.
rules-turn-timer-range = turn_timer takes 0 (off) or { $min } to { $max } seconds, not { $value }.

## A card that does not read (rummy/cards.py)
rules-bad-card = { $card } is not a card (try 7H, 10S, QD, AC, 7♥ or JK for a joker)
rules-bad-card-joker-for-joker = { $card } is not a card: a joker cannot stand for a joker
rules-bad-card-empty = { $card } is not a card: empty card
rules-bad-card-only-joker-stands = { $card } is not a card: only a joker can stand for another card
rules-bad-card-pin = { $card } is not a card: { $pin } is not a card the joker can stand for

## Refusals in play (rummy/plays.py, game.py)
rules-no-such-meld = There is no meld { $number } on the table (melds are numbered 1 to { $last }).
rules-no-meld-yet = There is no meld { $number } on the table.
rules-left-game = You have left this game.
rules-eliminated = You are out of this game: your score reached the limit.
rules-not-dealt-in = You are not dealt in this deal.
cmd-choice-pictures-and-text = pictures and text
cmd-choice-text-only = text only

## The end of a deal and of a game, the Rematch, and spectators (cogs/ui/ending.py, rematch.py, spectator.py)
# $name: the one person left, who wins by walkover
ev-walkover = Everyone else left: { $name } wins by walkover. A walkover does not count on the leaderboard.
# $hands: hand-left items, joined with commas
ev-hands = Left in hand: { $hands }.
# $cards: the cards laid face up; $points: what they are worth
hand-left = { $name } with { $cards } ({ $points ->
        [one] { $points } point
       *[other] { $points } points
    })
board-walkover = Rami: { $title }, won by walkover
end-ratings = Rating on this server
# $change: how much the rating moved (never negative: the message says which way); $rating: the rating now
end-rating-up = { $name }: +{ NUMBER($change, minimumFractionDigits: 1, maximumFractionDigits: 1) }, now { NUMBER($rating, minimumFractionDigits: 1, maximumFractionDigits: 1) }
end-rating-down = { $name }: −{ NUMBER($change, minimumFractionDigits: 1, maximumFractionDigits: 1) }, now { NUMBER($rating, minimumFractionDigits: 1, maximumFractionDigits: 1) }
end-rating-same = { $name }: unchanged, { NUMBER($rating, minimumFractionDigits: 1, maximumFractionDigits: 1) }
end-footer = Rematch opens a new table here with the same players and rules; anyone can leave before the start.
btn-rematch = Rematch
# $players: everyone seated, joined with commas
rematch-opened = { $name } opens a rematch. Seated: { $players }. Leave if you are not playing; the host starts.
rematch-not-seated = Not in this channel any more, so not seated: { $names }.
rematch-busy = A table is already open in this channel: finish or cancel it before a rematch.
rules-rematch-not-over = This game is not over yet.
watch-title = You are watching
watch-lobby = The table is open: press Join (or type /lobby join) to take a seat.
watch-playing = You are not playing in this game. Wait for the next game, or for the Rematch at the end of this one.

## The rules engine's refusals, the rest (issue 21: rummy/actions.py, rules.py, melds.py, deal.py, lobby.py...)
rules-meld-syntax = Name the cards to meld, e.g. 7H 8H 9H | QC QD QS.
rules-draw-from = Draw from the stock or the discard pile, not { $source }.
rules-move-syntax = Write { $verb } CARDS { $word } N, where N is the meld's number on the table.
rules-swap-one-card = A swap puts exactly one card in place of a joker.
rules-discard-one-card = Discard exactly one card.
rules-not-an-action = { $verb } is not an action: draw, meld, layoff, swap or discard.
rules-seat-not-to-move = It is not this seat's turn.
rules-deal-goes-on = This deal does not go nowhere.
rules-not-a-move = { $action } is not something a player can do.
rules-no-such-seat = There is no seat { $seat } at this table.
rules-bot-levels = Computer players are { $levels }, not { $level }.
rules-no-such-setting = There is no rule or option called { $name }.
rules-safe-play-stuck = The safe play did not end the turn.
rules-seconds-range = { $rule } takes a number of seconds from { $min } to { $max }.
rules-seconds-range-whole = { $rule } takes a whole number of seconds from { $min } to { $max }.
rules-cannot-lay-off = { $cards } cannot go on { $meld }: { $why }
rules-set-rank-only = only a { $rank } fits a set of { $rank }s.
rules-joker-holds-place = { $cards }: a joker already holds the place of { $card }.
rules-joker-holds-place-swap = { $cards }: a joker already holds the place of { $card } (take it with a joker swap instead).
rules-no-such-rule = There is no house rule called { $name }.
rules-seats-range =
    A table seats { $min } to { $max ->
        [one] { $max } player
       *[other] { $max } players
    }.
rules-swap-needs-jokers = Joker swap needs jokers in the pack.
rules-lay-off-needs-opening = Lay-offs after opening need an opening threshold.
rules-elimination-needs-penalty = Elimination needs penalty scoring.
rules-target-needs-winner-collects = A target score needs winner-collects scoring.
rules-hand-too-small =
    A hand of { $n ->
        [one] { $n } card
       *[other] { $n } cards
    } can never go out: deal at least { $min }.
rules-players-range =
    Rummy is played by { $min } to { $max ->
        [one] { $max } player
       *[other] { $max } players
    }, not { $n }.
rules-seats-at-most =
    This table seats at most { $max ->
        [one] { $max } player
       *[other] { $max } players
    }.
rules-pack-too-small =
    With { $n ->
        [one] { $n } player
       *[other] { $n } players
    }, { $size ->
        [one] { $size } card
       *[other] { $size } cards
    } each need { $dealt ->
        [one] { $dealt } card
       *[other] { $dealt } cards
    } and leave too few to draw: the pack holds { $pack }.
rules-opening-unreachable =
    With { $n ->
        [one] { $n } player
       *[other] { $n } players
    } an opening of { $opening } can never be reached: { $size ->
        [one] { $size } card makes
       *[other] { $size } cards make
    } at most { $reach ->
        [one] { $reach } point
       *[other] { $reach } points
    }.
rules-unknown-preset = Unknown preset { $name }: choose one of { $presets }.

## The rules in plain words (/rules): one message per fact of rummy/describe.py (describe.<key>).
## A "-brief" message is the shorter wording used when the whole text would not fit one message.
describe-decided = { $text } (decision)
describe-title = **{ $title }** (`{ $name }`)
describe-title-house = **{ $title }** (`{ $name }`, house rules)
describe-levels = **Computer players** (`/lobby addbot`): { $levels }.
describe-pack =
    { $min }-{ $max ->
        [one] { $max } player
       *[other] { $max } players
    }. **Pack**: { $packs }.
describe-pack-no-jokers =
    { $min }-{ $max ->
        [one] { $max } player
       *[other] { $max } players
    }. **Pack**: { $packs }, no jokers.
describe-decks =
    { $decks ->
        [one] { $decks } deck
       *[other] { $decks } decks
    }
describe-decks-jokers =
    { $decks ->
        [one] { $decks } deck
       *[other] { $decks } decks
    } + { $jokers ->
        [one] { $jokers } joker
       *[other] { $jokers } jokers
    }
describe-first-group =
    { $value } with { $hi ->
        [one] { $span } player
       *[other] { $span } players
    }
describe-next-group = { $value } with { $span }
describe-cards-each =
    { $n ->
        [one] { $n } card each
       *[other] { $n } cards each
    }
describe-deal = **Deal**: { $size }; { $first }; the rest is the stock (talon). { $starts }.
describe-deal-brief = **Deal**: { $size }; { $first }. { $starts }.
describe-starter-extra-card = the starter gets one more, starts the discard pile (défausse) without drawing; { $meld }
describe-starter-extra-card-brief = the starter gets one more, starts the discard pile without drawing; { $meld }
describe-upcard = the next card starts the discard pile (défausse)
describe-upcard-brief = the next card starts the discard pile
describe-starter-may-meld = they may meld on that turn
describe-starts = Left of the dealer starts; { $rotates }
describe-starts-winner-deals = Left of the dealer starts; { $rotates }; with 2 players the winner deals
describe-who-starts = the dealer rotates left each deal
describe-turn = **Turn**: draw from the stock or the discard pile, meld ({ $melds }), lay off, discard. { $discard }.
describe-one-meld-per-turn = only one new meld per turn
describe-any-melds = any number of melds
describe-discard-rule = The card taken from the discard pile cannot be discarded that turn
describe-melds = **Melds**: sets (brelan, carré) of 3-4 of a rank, suits all different; runs (suite) of 3+ in one suit; { $ace }, never K-A-2.
describe-melds-brief = **Melds**: sets of 3-4 of a rank, suits all different; runs of 3+ in one suit; { $ace }, never K-A-2.
describe-melds-jokers = **Melds**: sets (brelan, carré) of 3-4 of a rank, suits all different; runs (suite) of 3+ in one suit; { $ace }, never K-A-2. { $joker }
describe-melds-jokers-brief = **Melds**: sets of 3-4 of a rank, suits all different; runs of 3+ in one suit; { $ace }, never K-A-2. { $joker }
describe-ace-low-or-high = ace low or high (A-2-3, Q-K-A)
describe-ace-low = ace low only (A-2-3, never Q-K-A)
describe-one-joker = at most one per meld
describe-jokers-per-meld = never more jokers than natural cards in a meld
describe-joker-lower = A joker stands for any card, { $limit }; its card is fixed when melded, always the lower one where two fit.
describe-joker-choice = A joker stands for any card, { $limit }; its card is fixed when melded (name it: JK=6S; else the lower one).
describe-joker-choice-brief = A joker stands for any card, { $limit }; its card is fixed when melded (else the lower one).
describe-opening-none = **Opening**: none.
describe-opening = **Opening**: your first lay-down needs { $points }+ points: 2-10 face value, J Q K 10, { $ace }; { $set }.
describe-opening-brief = **Opening**: your first lay-down needs { $points }+ points: { $ace }; { $set }.
describe-opening-jokers = **Opening**: your first lay-down needs { $points }+ points: 2-10 face value, J Q K 10, { $ace }; { $set }, a joker as its card.
describe-opening-jokers-brief = **Opening**: your first lay-down needs { $points }+ points: { $ace }; { $set }, a joker as its card.
describe-opening-ace-low = ace 1 in A-2-3
describe-opening-ace-high = ace 1 in A-2-3, 11 after K
describe-ace-in-set = an ace in a set counts 11
describe-lay-offs = **Lay-offs** on any meld: { $when }. Melds are never split or rearranged.
describe-lay-offs-brief = **Lay-offs** on any meld: { $when }.
describe-lay-offs-swap = **Lay-offs** on any meld: { $when }. Melds are never split or rearranged. **Joker swap**: once opened, take a melded joker by putting in its exact card, then meld it again that turn if you can; in a set only beside 3 natural cards.
describe-lay-offs-swap-brief = **Lay-offs** on any meld: { $when }. **Joker swap**: once opened, swap a melded joker for its exact card, then meld it again that turn if you can; in a set only beside 3 natural cards.
describe-lay-off-any-time = any turn
describe-lay-off-after-opening = once you have opened, that turn included
describe-lay-off-after-opening-later-turns = on turns after your opening
describe-going-out = **Going out**: { $out }. { $rummy }.
describe-final-discard = end with a discard: you cannot meld your whole hand
describe-empty-hand = an empty hand ends the deal; { $optional }
describe-final-discard-optional = a final discard is optional
describe-rummy-doubles = Rummy (rami sec: going out in one turn, nothing melded or laid off before) doubles the points
describe-rummy-doubles-brief = Rummy (rami sec) doubles the points
describe-rami-sec-off = Rummy (rami sec) does not double
describe-stock = **Empty stock**: { $refill }. When it cannot be rebuilt, { $ends }.
describe-never-rebuilt = the stock is never rebuilt
describe-refill-turn-whole-pile = the whole pile is turned over unshuffled as the stock, { $times }
describe-refill-turn-keep-top = the pile but its top card is turned over unshuffled as the stock, { $times }
describe-refill-shuffle-keep-top = all but the top discard is shuffled into a new stock, { $times }
describe-refill-unlimited = as often as needed
describe-refill-once = once
describe-refill-at-most =
    at most { $n ->
        [one] { $n } time
       *[other] { $n } times
    }
describe-next-may-take = the next player may take the top discard; else { $refill }
describe-turn-cap =
    at the safety cap of { $n ->
        [one] { $n } turn
       *[other] { $n } turns
    }
describe-dead-nobody-scores = nobody scores
describe-dead-lowest-hand-wins = the lowest hand wins
describe-ends-dead = or { $cap }, the deal ends and { $dead }
describe-ends-stalled = { $cap }, or { $stalled }, the deal ends and nobody scores
describe-ends-dead-stalled = or { $cap }, the deal ends and { $dead }; { $stalled }, it ends and nobody scores
describe-stalled-deal =
    if all agree after { $n ->
        [one] { $n } rebuild
       *[other] { $n } rebuilds
    } with no meld or lay-off
describe-scoring = **Scoring**: the winner scores the total of the others' hands. Cards in hand: { $ace }, 2-10 face value, J Q K 10.
describe-scoring-jokers = **Scoring**: the winner scores the total of the others' hands. Cards in hand: { $ace }, 2-10 face value, J Q K 10, { $joker }.
describe-scoring-penalty = **Scoring**: { $penalty }; the winner 0. Cards in hand: { $ace }, 2-10 face value, J Q K 10.
describe-scoring-penalty-brief = **Scoring**: { $penalty }. Cards in hand: { $ace }, 2-10 face value, J Q K 10.
describe-scoring-penalty-jokers = **Scoring**: { $penalty }; the winner 0. Cards in hand: { $ace }, 2-10 face value, J Q K 10, { $joker }.
describe-scoring-penalty-jokers-brief = **Scoring**: { $penalty }. Cards in hand: { $ace }, 2-10 face value, J Q K 10, { $joker }.
describe-penalty-scoring = each loser scores their own hand as penalty points
describe-ace-value = ace { $n }
describe-joker-value = joker { $n }
describe-game-deals = **Game**: { $n ->
        [one] { $n } deal
       *[other] { $n } deals
    }; most points wins, a tie is shared.
describe-game-deals-penalty = **Game**: { $n ->
        [one] { $n } deal
       *[other] { $n } deals
    }; fewest points wins, a tie is shared.
describe-game-target = **Game**: first to { $n ->
        [one] { $n } point
       *[other] { $n } points
    }; the highest total wins if several pass it in one deal, or after { $void }.
describe-game-elimination = **Game**: { $limit }; the last player left in wins, or the lowest total after { $void }.
describe-game-length =
    reaching { $n ->
        [one] { $n } point
       *[other] { $n } points
    } puts you out
describe-void-deals =
    { $n ->
        [one] { $n } scoreless deal
       *[other] { $n } scoreless deals
    } in a row
describe-house-rule = { $name }: { $value } (preset { $preset }): { $help }
describe-house-rules = **House rules**:
describe-house-summary = **House rules**: { $summary }.
describe-house-count =
    { $n ->
        [one] { $n } change
       *[other] { $n } changes
    }: { $names }
describe-house-above = **House rules**: { $n ->
        [one] { $n } change
       *[other] { $n } changes
    }, all shown above.
describe-turn-brief = **Turn**: draw, meld ({ $melds }), lay off, discard. { $discard }.
describe-refill-turn-whole-pile-brief = the whole pile becomes the stock, unshuffled, { $times }
describe-refill-turn-keep-top-brief = the pile but its top card becomes the stock, unshuffled, { $times }
describe-refill-shuffle-keep-top-brief = all but the top discard is shuffled into a new stock, { $times }
describe-ends-dead-stalled-brief = or { $cap }, the deal ends and { $dead }; { $stalled }, nobody scores
describe-next-may-take-brief = the next player may take the top discard; else { $refill }
describe-stock-brief = **Empty stock**: { $refill }. When it cannot be rebuilt, { $ends }.
describe-jokers-per-meld-brief = no more jokers than natural cards
describe-one-meld-per-turn-brief = one new meld per turn
describe-game-elimination-brief = **Game**: { $limit }; the last player left in wins, else the lowest total after { $void }.
describe-lay-off-after-opening-brief = once opened, that turn included

## Two clicks per turn: the open hand kept current, its one-click moves, the builder's joker place
open-hand-went-out = 🎉 You went out: this deal is yours.
open-hand-deal-over = The deal is over: here is your hand for the next one.
open-hand-game-over = The game is over: the final standings are on the table.
open-hand-left = You are no longer playing at this table.
btn-lay-suggestion = Lay down the suggestion
# $card: the card from the hand, $n: the meld's number on the table
btn-swap = Swap { $card } into meld { $n }
ph-swap = Swap a joker…
ph-joker-place = Where does the joker stand?
builder-joker-place = { $cards }: the joker can stand for more than one card. Choose its place.
# Before the opening: the points of the melds built so far against the threshold
builder-total-short =
    { $points } / { $needed ->
        [one] { $needed } point
       *[other] { $needed } points
    }: not enough to open yet.
builder-total-enough =
    { $points } / { $needed ->
        [one] { $needed } point
       *[other] { $needed } points
    }: enough to open.

## A quiet channel: the game in a thread (cogs/ui/threads.py)
knob-thread = Play the game in a thread the bot opens on the lobby message
thread-name = Rami: { $title }
thread-opened = The game is played in { $thread }.
thread-refused = I may not open a thread here (Create Public Threads), so the game is played in this channel.

## The server's defaults for new tables: /rami defaults (admins), and /rules marking them
defaults-manage-guild-only = Only members with the Manage Server permission can see or change this server's defaults for new tables.
defaults-title = **This server's defaults for new tables** (`/lobby create`; the host may still change anything before the start)
defaults-preset = Preset: { $title } (`{ $name }`)
defaults-preset-bot = Preset: { $title } (`{ $name }`, the bot's own)
defaults-house-rules = House rules of { $title } (`{ $name }`):
defaults-no-house-rules = House rules: none, every preset is played as written.
defaults-options = Table options: { $options }.
defaults-no-options = Table options: the bot's own.
defaults-option = { $name }: { $value }
defaults-preset-set = When the host names no preset, new tables now open with { $title } (`{ $name }`).
defaults-rule-set = { $name } is now { $value } at this server's new { $preset } tables.
defaults-rule-preset = { $name } is back to { $value } at this server's new { $preset } tables, as the preset plays it.
defaults-option-set = { $name } is now { $value } at this server's new tables.
defaults-reset = This server's defaults are cleared: new tables start from the bot's own (basic, no house rules, the usual table options).
defaults-how = A table opened with another preset takes this server's house rules of that preset; a rematch keeps its game's settings.
describe-server-rule = { $text } (this server's default)
cmd-rami-defaults = This server's defaults for new tables: preset, house rules, table options
cmd-rami-defaults-show = Show this server's defaults for new tables
cmd-rami-defaults-preset = The preset /lobby create opens when the host names none
cmd-rami-defaults-preset-preset = The preset new tables open with
cmd-rami-defaults-rule = A house rule of this server's tables of one preset
cmd-rami-defaults-rule-rule = The house rule to change (as /lobby set names it)
cmd-rami-defaults-rule-value = Its value (the preset's own value removes the house rule)
cmd-rami-defaults-rule-preset = The preset it applies to (default: the server's default preset)
cmd-rami-defaults-option = A table option of this server's new tables
cmd-rami-defaults-option-option = The table option to change (turn_timer, bot_pause, hints, thread)
cmd-rami-defaults-option-value = Its value
cmd-rami-defaults-reset = Clear this server's defaults: new tables start from the bot's own

## A player's history and figures: /history (cogs/history.py, cogs/ui/history.py) and /stats
cmd-history = A player's last games on this server
cmd-history-member = Whose games (default: yours)
history-title = Game history
history-intro = The last games of { $who } on this server, newest first (dates in your time zone).
history-none = { $who } has not finished a game on this server yet.
history-none-self = You have not finished a game on this server yet: your games show here once one ends.
# $place: the player's place in the game, $seats: how many played it
history-place = place { $place } of { $seats }
# $place: history-place, $game: the game's number (the one its record opens with)
history-game = { $place } · { $preset } · game #{ $game }
history-points =
    { $points ->
        [one] { $points } point
       *[other] { $points } points
    } in { $deals ->
        [one] { $deals } deal
       *[other] { $deals } deals
    }
history-points-only =
    { $points ->
        [one] { $points } point
       *[other] { $points } points
    }
history-rating-up = rating +{ NUMBER($change, minimumFractionDigits: 1, maximumFractionDigits: 1) }
history-rating-down = rating −{ NUMBER($change, minimumFractionDigits: 1, maximumFractionDigits: 1) }
history-against = against { $names }
btn-history-newer = Previous
btn-history-older = Next
history-record = Read one of these games again, deal by deal
stats-record = games: { $games } · wins: { $wins } ({ NUMBER($rate, style: "percent") }) · deals won: { $deals } · rummies: { $rummies }
stats-rating = rating { NUMBER($rating, minimumFractionDigits: 1, maximumFractionDigits: 1) }
stats-per-deal = points per deal on average: { NUMBER($average, minimumFractionDigits: 1, maximumFractionDigits: 1) }
stats-streak = longest winning streak: { $streak }
stats-best-season = best place in a season: { $place }

## The record of a game (cogs/ui/record.py, service GameService.record)
btn-record = Record
btn-record-previous = Previous
btn-record-next = Next
btn-record-download = Download
record-title = Game { $game }: deal { $n } of { $deals }
record-title-part = Game { $game }: deal { $n } of { $deals } ({ $part }/{ $parts })
record-title-end = Game { $game }: final standings
record-footer = { $title } · page { $page } of { $pages } · only you see this · Download gives the whole game as text
record-up = Face up: { $card }.
record-no-up = { $name } holds one card more, and no card is face up.
# $moves: the turn's moves, joined with commas ("drew, discarded 9♠")
record-turn = **{ $name }**: { $moves }
record-draw = drew from the stock
record-take = took { $card } from the discard pile
record-meld = melded { $melds }
record-layoff = laid off { $cards } on meld { $n } ({ $meld })
record-swap = put { $card } in meld { $n } and took its joker ({ $meld })
record-discard = discarded { $card }
record-propose = { $name } proposes to end this deal.
record-agree = { $name } agrees to end this deal.
record-decline = { $name } wants to keep playing.
record-hand =
    { $name }: { $cards } ({ $value ->
        [one] { $value } point
       *[other] { $value } points
    }), scores { $points }
record-hand-empty = { $name }: no card left, scores { $points }
record-out =
    { $name } is out of the game with { $score ->
        [one] { $score } point
       *[other] { $score } points
    }.
record-file = The record of game { $game }, as text (its notation is told in docs/record.md, in the bot's source).
record-too-big = This record is too long to attach as a file.
record-unknown = This server has no such game.
record-not-finished = Only a game played to its end has a record.
record-missing = This game was played before the bot kept records: it has none.

## Seasons and a fair board (cogs/ui/boards.py, cogs/ui/season_choice.py, cogs/seasons.py)
# $month: 1 to 12; $year: the year, as text
season-month = { $month ->
        [1] January
        [2] February
        [3] March
        [4] April
        [5] May
        [6] June
        [7] July
        [8] August
        [9] September
        [10] October
        [11] November
       *[12] December
    } { $year }
season-quarter = Q{ $quarter } { $year }
lb-title-season = Leaderboard of the season { $season }: { $preset }
lb-title-all-time = All-time leaderboard: { $preset }
lb-provisional = Provisional: fewer than { $needed ->
        [one] { $needed } game
       *[other] { $needed } games
    }, not ranked yet
# A provisional player: $games played of the $needed a place on the board needs
lb-provisional-line = { $name }: { $games } of { $needed ->
        [one] { $needed } game
       *[other] { $needed } games
    } · rating { NUMBER($rating, minimumFractionDigits: 1, maximumFractionDigits: 1) }
lb-only-provisional = Nobody has played { $needed ->
        [one] { $needed } game
       *[other] { $needed } games
    } on this board yet: the provisional players are below.
lb-season-empty = No game has counted in this season yet.
# $when: a date and time Discord shows in each reader's own time zone
lb-season-ends = This season ends on { $when }.
lb-fair = Fewer than { $needed ->
        [one] { $needed } game
       *[other] { $needed } games
    }: provisional, listed apart. { $days ->
        [one] { $days } day
       *[other] { $days } days
    } without a game: off the board until the next one.
season-choice-current = current season ({ $season })
season-choice-all-time = all time
season-unknown = There is no such season on this server: pick one from the list.
season-mode-unknown = Seasons are off, monthly or quarterly: pick one from the list.
season-set-off = Seasons are off: /leaderboard shows one all-time board. Past seasons stay readable with its season option.
season-set-last = Seasons are now { $mode ->
        [monthly] monthly
       *[quarterly] quarterly
    }, with their boundaries at midnight UTC. The season under way, { $season }, ends on { $ends }; its final board will be posted where the server's last game was played.
season-set-channel = Seasons are now { $mode ->
        [monthly] monthly
       *[quarterly] quarterly
    }, with their boundaries at midnight UTC. The season under way, { $season }, ends on { $ends }; its final board will be posted in { $channel }.
season-final-title = Final board of the season { $season }
season-final-winner = 🏆 The season { $season } is over: { $name } wins it!
season-final-nobody = The season { $season } is over. Nobody played the { $needed ->
        [one] { $needed } game
       *[other] { $needed } games
    } a place on the board needs: no winner this time.
season-final-empty = Nobody played { $needed ->
        [one] { $needed } game
       *[other] { $needed } games
    } this season.
season-final-footer = Every past season stays readable: /leaderboard, option season.
cmd-leaderboard-season = Which board: the current season, all time, or a past season (default: the current one)
cmd-rami-season = Seasons: boards that start again every month or quarter (UTC)
cmd-rami-season-mode = off: one all-time board; monthly or quarterly: a fresh board each season, from midnight UTC
cmd-rami-season-channel = Where each season's final board is posted (default: where the last game was played)
cmd-choice-season-off = off (one all-time board)
cmd-choice-monthly = monthly
cmd-choice-quarterly = quarterly

## Tournaments (issue 31): the refusals of the tournament's rules (rummy/tournament)
rules-tournament-name-empty = A tournament needs a name.
rules-tournament-name-too-long = A tournament's name holds at most { $max ->
        [one] { $max } character
       *[other] { $max } characters
    }.
rules-tournament-table-size = A tournament table seats { $min } to { $max ->
        [one] { $max } player
       *[other] { $max } players
    }.
rules-tournament-rounds-range = A Swiss tournament plays one to { $max ->
        [one] { $max } round
       *[other] { $max } rounds
    }.
rules-tournament-knockout-rounds = A knockout plays until its final table: it takes no number of rounds.
rules-tournament-round-minutes = A round lasts { $min } to { $max ->
        [one] { $max } minute
       *[other] { $max } minutes
    }.
rules-tournament-only-organiser = Only the tournament's organiser can do that.
rules-tournament-over = This tournament is over.
rules-tournament-sign-up-closed = Sign-ups closed when the tournament started.
rules-tournament-not-entered = That player is not in this tournament.
rules-tournament-full = The tournament is full ({ $max ->
        [one] { $max } player
       *[other] { $max } players
    }).
rules-tournament-person-only = Only a person signs up; the organiser adds computer players.
rules-tournament-removed = The organiser removed you from this tournament.
rules-tournament-already-signed-up = You are already signed up.
rules-tournament-not-playing = You are not playing in this tournament.
rules-tournament-already-computer = A computer player already plays that place.
rules-tournament-too-few = A tournament needs at least { $n ->
        [one] { $n } player
       *[other] { $n } players
    } to start.
rules-tournament-not-started = The tournament has not started.
rules-tournament-round-in-play = A round is still in play.
rules-tournament-paused = The tournament is paused.
rules-tournament-already-paused = The tournament is already paused.
rules-tournament-not-paused = The tournament is not paused.
rules-tournament-no-round-left = No round is left to play: the tournament can finish.
rules-tournament-rounds-left = Rounds are still to be played.
rules-tournament-no-round = No round is in play.
rules-tournament-no-table = There is no table { $n } in this round.
rules-tournament-result-known = Table { $n } already has its result.
rules-tournament-result-players = That result is not of the players at table { $n }.
rules-tournament-result-places = The places { $places } are not a ranking of the table's { $seats ->
        [one] { $seats } seat
       *[other] { $seats } seats
    }.
rules-tournament-result-seats = The seats do not match the game's players.
rules-tournament-game-not-over = This table's game is not over.
tournament-not-allowed = Only a member who may manage the server (or holds its organisers' role) can create a tournament.
tournament-unknown = There is no such tournament.
tournament-busy = The tournament changed several times meanwhile. Please try again.

## Tournaments (issue 31): the Discord side (cogs/tournament.py, cogs/ui/tournament_*.py)
cmd-tournament = Tournaments: an event over several tables, from sign-up to the standings
cmd-tournament-create = Create a tournament in this channel (organisers)
cmd-tournament-create-name = The tournament's name
cmd-tournament-create-format = Swiss (every round at new tables) or knockout (the best of each table go on)
cmd-tournament-create-table-size = The most players at a table (2 to 6)
cmd-tournament-create-preset = The rule set (default: the server's default preset, with its house rules)
cmd-tournament-create-rounds = Rounds of a Swiss tournament (default: 3; a knockout takes none)
cmd-tournament-create-fill-with-computers = Computer players fill the empty seats (default: no)
cmd-tournament-create-round-minutes = Each round's time limit in minutes (default: 90)
cmd-tournament-start = Close the sign-ups and open round 1's tables (organiser)
cmd-tournament-cancel = Cancel this channel's tournament (organiser)
cmd-tournament-pause = Hold back the next round (organiser)
cmd-tournament-resume = Let the next round come (organiser)
cmd-tournament-remove = Take a player out of the tournament (organiser)
cmd-tournament-replace = A computer player plays a missing player's place (organiser)
cmd-choice-format-swiss = Swiss
cmd-choice-format-knockout = knockout
tournament-none-here = There is no tournament in progress in this channel.
tournament-channel-taken = This channel already has a tournament in progress: cancel it or finish it first.
tournament-created = Tournament “{ $name }” created. Players sign up with its button; start it with /tournament start.
tournament-done-start = The tournament has started: round 1's tables are open.
tournament-done-cancel = The tournament is cancelled.
tournament-done-pause = The tournament is paused: the next round waits for /tournament resume.
tournament-done-resume = The tournament goes on.
tournament-done-remove = { $name } is out of the tournament.
tournament-signed-up = You are signed up for “{ $name }”.
tournament-withdrawn = You withdrew from “{ $name }”.
tournament-sign-up = Sign up
tournament-withdraw = Withdraw
tournament-format-swiss = Swiss
tournament-format-knockout = knockout
tournament-field-preset = Preset
tournament-field-format = Format
tournament-field-rounds = Rounds
tournament-rounds-knockout = until the final table
tournament-field-tables = Tables
tournament-table-size = up to { $n } players{ $fill ->
        [yes] , empty seats filled by computer players
       *[no] {""}
    }
tournament-field-status = Status
tournament-status-sign-up = Open for sign-ups
tournament-status-playing = Round { $round } in play: { $done } of { $tables ->
        [one] { $tables } table
       *[other] { $tables } tables
    } finished
tournament-status-between = Round { $round } played
tournament-status-paused = { $status } (paused)
tournament-status-finished = Finished
tournament-status-cancelled = Cancelled
tournament-field-players = Players ({ $n })
tournament-no-players = Nobody has signed up yet.
tournament-entrant-computer = computer player
tournament-entrant-withdrawn = withdrew
tournament-entrant-removed = removed
tournament-entrant-replaced = played by a computer player
tournament-field-standings = Standings after round { $round }
tournament-standing-line = { $place }. { $name }: { $points } pts (tie-break { $tiebreak })
tournament-field-podium = Podium
tournament-table-opens = “{ $name }”, round { $round }, table { $table }: { $players }
tournament-table-thread = { $name }: round { $round }, table { $table }
tournament-table-call = { $players }: your table of round { $round } is here. Good game!

# issue 31: organiser controls (the organisers' role, a start time, /tournament addbot, remove and
# replace for any entrant, a computer player taking a replaced person's seat in play)
cmd-tournament-create-start-time = When it starts by itself: 21h, 20:30, 04/12 20:30 (the bot's time zone); default: by hand
cmd-tournament-remove-player = The entrant to take out (a person or a computer player)
cmd-tournament-replace-player = The person whose place a computer player takes, in a game in play too
cmd-tournament-addbot = Enter a computer player during the sign-ups (organiser)
cmd-tournament-organisers = The role whose members organise tournaments (Manage Server)
cmd-tournament-organisers-role = The organisers' role (none: Manage Server alone)
tournament-organisers-manage-only = Only members with the Manage Server permission can name the organisers' role.
tournament-organisers-everyone = @everyone cannot be the organisers' role: name another role, or none.
tournament-organisers-set = Members with { $role } may now create tournaments and use every organiser's control on this server.
tournament-organisers-cleared = No organisers' role: only members with Manage Server organise tournaments now.
tournament-created-at = Tournament “{ $name }” created. It starts by itself on { $at } ({ $rel }) if at least two players have signed up; /tournament start starts it sooner.
tournament-start-unreadable = That start time cannot be read. Write for example 21h, 20:30, 04/12 20:30 (day/month) or 2026-12-04 20:30, in the bot's time ({ $zone }).
tournament-start-past = That start time has already passed ({ $zone }): give one to come.
tournament-start-too-far = A tournament starts within { $days } days: give a sooner time.
tournament-unknown-player = No entrant of this tournament is “{ $name }”: choose one from the list.
tournament-done-addbot = { $name } is entered ({ $n ->
        [one] { $n } player
       *[other] { $n } players
    }).
tournament-done-replace-now = A computer player plays { $name }'s place from now on, at their table in play too.
tournament-field-organiser = Organiser
tournament-organiser-and-role = { $organiser } (and the members of { $role })
tournament-field-starts = Start
tournament-starts-by-hand = when the organiser starts it
tournament-status-waiting = Open for sign-ups: the start time came with fewer than { $n } players, so the organiser starts it with /tournament start
ev-taken-over = A computer player ({ $level }) plays { $name }'s seat from now on.
rules-seat-taken-over = A computer player plays your seat now: you were replaced.

# issue 31: standings display
# $place: a place in a tournament's standings (1 to 64), as an ordinal the other messages read
tournament-ordinal = { $place ->
        [1] 1st
        [2] 2nd
        [3] 3rd
        [21] 21st
        [22] 22nd
        [23] 23rd
        [31] 31st
        [32] 32nd
        [33] 33rd
        [41] 41st
        [42] 42nd
        [43] 43rd
        [51] 51st
        [52] 52nd
        [53] 53rd
        [61] 61st
        [62] 62nd
        [63] 63rd
       *[nth] { $place }th
    }
# A tournament's figure (points, a tie-break: a number) alone, in the language's number format
tournament-figure = { $n }
tournament-podium-line = { $medal } { $name }: { $points } pts
tournament-round-title = { $name }: standings after round { $round }
tournament-final-title = { $name }: final standings
tournament-chart-place = Place
tournament-chart-name = Player
tournament-chart-points = Points
tournament-chart-tiebreak = Tie-break
tournament-chart-more = … and { $n } more
tournament-chart-alt = The standings after round { $round }, as a picture
rematch-tournament = This table was a tournament's: the tournament seats its next round itself, so there is no rematch here.
stats-tournaments = Tournaments
stats-tournament-summary = { $played } played · { $wins ->
        [one] { $wins } win
       *[other] { $wins } wins
    } · { $podiums ->
        [one] { $podiums } podium
       *[other] { $podiums } podiums
    } · best place { $best }
# $place: tournament-ordinal, $entrants: how many the standings ranked, $date: Discord's date markup
stats-tournament-line = { $place } of { $entrants } · “{ $name }” · { $date }
