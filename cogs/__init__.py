"""Rami's Discord layer: cogs parse options, call one service function and render the result.

The cogs, one per area: ``lobby``, ``play``, ``info``, ``leaderboard`` (extensions) and ``timers``
(computer players, turn timers, expiry; added by ``bot.py``); ``errors`` holds the command tree
and the one error funnel. ``ui`` holds what they share: ``client`` (the typed bot and its
services), ``context`` (the caller, and how to reply), ``components`` (persistent items), the
views of the ``hand``, the ``meld`` pickers and the ``lobby``, the public ``board``, and
``render`` (text and embeds). Games are read and changed only through :mod:`service`.
"""
