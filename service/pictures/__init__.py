"""Cards you can see: the hand, the table and the score sheet as PNG pictures; and a tournament's
standings.

Pure: cards in, PNG bytes out. Only :mod:`rummy` and Pillow are imported; nothing is read from
disk once the package is imported (the font shipped in ``fonts/`` is read then, see
:mod:`service.pictures.text`) and nothing goes over the network. The same input always gives the
same bytes, so a picture can be kept per game version and seat.
"""

from service.pictures.chart import running_totals, scores_png
from service.pictures.hand import hand_png
from service.pictures.standings import Labels, StandingRow, standings_png
from service.pictures.table import table_png

__all__ = ["Labels", "StandingRow", "hand_png", "running_totals", "scores_png", "standings_png", "table_png"]
