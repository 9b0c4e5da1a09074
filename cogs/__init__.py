"""Rami's Discord layer: cogs parse options, call one service function and render the result.

``service`` (tables, locks, commits; no Discord types), ``render`` and ``messages`` (text),
``views``/``lobby_ui``/``hand_ui``/``meld_ui`` (persistent components), ``board`` (the public game message),
``timers`` (computer players, turn timers, expiry), and the cogs: ``lobby``, ``play``, ``info``,
``leaderboard``.
"""
