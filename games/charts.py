"""Line charts drawn by the site as SVG: running scores over hands.

``line_chart`` does the arithmetic; ``templates/includes/line_chart.html``
draws the result. No JavaScript and nothing from another host.

Players often share a score (everyone starts at zero, a leaster can leave two
seats level), so lines must stay apart when their values are equal: each
series has its own colour, marker shape and dash pattern, points with equal
values are nudged apart a little, and every line ends in a label. The same
numbers go into a table beside the chart for those who can't see it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .score_text import signed

#: How many line colours the stylesheet has (``.chart-series-0`` ...), each with a light
#: and a dark theme value of at least 3:1 against the chart (static/css/site.css).
SERIES_STYLES = 5
#: One marker shape per series, so lines differ without colour too.
MARKER_SHAPES = ("circle", "square", "triangle", "diamond", "ring")
#: SVG stroke-dasharray of each series ("" draws a solid line).
DASH_PATTERNS = ("", "6 3", "2 2", "8 3 2 3", "4 4")
#: Half the size of a marker, in SVG units.
MARKER_SIZE = 3.5
#: How far apart (SVG units) points with the same value at the same hand are drawn.
OVERLAP_NUDGE = 3.0
#: Room on the right for the end labels, and the least gap between two of them.
LABEL_ROOM = 56
LABEL_GAP = 10


@dataclass(frozen=True)
class Marker:
    x: float
    y: float
    value: float
    path: str  # the SVG path of the marker's shape at (x, y)
    text: str  # the value as the chart writes it


@dataclass(frozen=True)
class Series:
    label: str
    style: str  # the CSS class that colours this line, its markers and its legend key
    shape: str
    dash: str
    filled: bool  # a solid marker, or an outline (the "ring")
    points: str  # "x,y x,y ..." for an SVG polyline
    markers: tuple[Marker, ...]
    values: tuple[float, ...]
    last: float
    last_text: str
    label_x: float  # where its end label's marker sits; the name follows it
    label_y: float  # where its end label sits, clear of the others

    @property
    def end_marker(self) -> str:
        return marker_path(self.shape, self.label_x, self.label_y)

    @property
    def end_label_x(self) -> float:
        return round(self.label_x + 2 * MARKER_SIZE + 1, 1)

    @property
    def legend_marker(self) -> str:
        """The marker drawn in the middle of the legend's 24 by 10 swatch."""
        return marker_path(self.shape, 12.0, 5.0, size=3.0)


@dataclass(frozen=True)
class TableRow:
    number: str  # "1" for the first value (the first hand), or the row's own label
    values: tuple[float, ...]  # one per series, in the series' order
    texts: tuple[str, ...]  # the values as the chart writes them


@dataclass(frozen=True)
class LineChart:
    width: int
    height: int
    zero_y: float
    top: int
    bottom: int
    series: tuple[Series, ...]
    count: int  # values per series
    text: Callable[[float], str] = signed
    row_labels: tuple[str, ...] = ()

    @property
    def is_empty(self) -> bool:
        return self.count == 0

    @property
    def top_text(self) -> str:
        return self.text(self.top)

    @property
    def bottom_text(self) -> str:
        return self.text(self.bottom)

    @property
    def rows(self) -> tuple[TableRow, ...]:
        """The chart's numbers, a row per hand, for its data table."""

        def value(series: Series, i: int) -> float:
            return series.values[i] if i < len(series.values) else series.last

        def label(i: int) -> str:
            return self.row_labels[i] if i < len(self.row_labels) else str(i + 1)

        rows = []
        for i in range(self.count):
            values = tuple(value(s, i) for s in self.series)
            rows.append(TableRow(label(i), values, tuple(self.text(v) for v in values)))
        return tuple(rows)


def marker_path(shape: str, x: float, y: float, size: float = MARKER_SIZE) -> str:
    """The SVG path of a marker of ``shape`` centred on (x, y)."""
    r = round(size, 1)
    if shape == "square":
        side = round(2 * size * 0.85, 1)
        half = round(side / 2, 1)
        return f"M{x - half:.1f},{y - half:.1f}h{side}v{side}h{-side}z"
    if shape == "triangle":
        return f"M{x:.1f},{y - r:.1f}l{r},{2 * r:.1f}h{-2 * r:.1f}z"
    if shape == "diamond":
        return f"M{x:.1f},{y - r:.1f}l{r},{r}l{-r},{r}l{-r},{-r}z"
    # circle and ring: two arcs
    return f"M{x - r:.1f},{y:.1f}a{r},{r} 0 1,0 {2 * r:.1f},0a{r},{r} 0 1,0 {-2 * r:.1f},0z"


def _nudges(columns: list[list[int | None]]) -> list[list[float]]:
    """For each series and point, how far to shift it up or down so that series with
    the same value at the same point are drawn side by side, centred on the value."""
    nudges = [[0.0] * len(column) for column in columns]
    if not columns:
        return nudges
    for i in range(max(len(c) for c in columns)):
        groups: dict[int, list[int]] = {}
        for n, column in enumerate(columns):
            if i < len(column) and column[i] is not None:
                groups.setdefault(column[i], []).append(n)
        for members in groups.values():
            middle = (len(members) - 1) / 2
            for place, n in enumerate(members):
                nudges[n][i] = (place - middle) * OVERLAP_NUDGE
    return nudges


def _label_places(wanted: list[float], low: float, high: float) -> list[float]:
    """End-label heights near ``wanted``, at least LABEL_GAP apart, within [low, high]."""
    order = sorted(range(len(wanted)), key=lambda n: (wanted[n], n))
    placed = [0.0] * len(wanted)
    previous = None
    for n in order:
        y = max(wanted[n], low) if previous is None else max(wanted[n], previous + LABEL_GAP)
        placed[n] = y
        previous = y
    overflow = (previous or 0) - high
    if overflow > 0:  # shift them all up, keeping the gaps
        placed = [max(low, y - overflow) for y in placed]
    return [round(y, 1) for y in placed]


def line_chart(
    named_values: dict,
    width: int = 320,
    height: int = 160,
    pad: int = 12,
    *,
    text: Callable[[float], str] = signed,
    row_labels: tuple[str, ...] = (),
) -> LineChart:
    """Scale series of running totals into one chart that starts at zero; ``text``
    writes a value (a signed score by default), ``row_labels`` name the data
    table's rows (the hand's number by default)."""
    count = max((len(v) for v in named_values.values()), default=0)
    everything = [0] + [x for values in named_values.values() for x in values]
    top, bottom = max(everything), min(everything)
    if top == bottom:
        top, bottom = top + 1, bottom - 1
    span_x = max(count, 1)
    plot_width = width - LABEL_ROOM

    def x_of(i: int) -> float:
        return round(pad + (plot_width - 2 * pad) * i / span_x, 1)

    def y_of(value: float) -> float:
        return round(pad + (height - 2 * pad) * (top - value) / (top - bottom), 1)

    # Every series starts at zero before the first hand.
    columns = [[0, *values] for values in named_values.values()]
    nudges = _nudges(columns)
    drawn = []
    for n, (label, values) in enumerate(named_values.items()):
        shape = MARKER_SHAPES[n % len(MARKER_SHAPES)]
        coordinates = [
            (x_of(i), round(y_of(v) + nudges[n][i], 1)) for i, v in enumerate(columns[n])
        ]
        markers = tuple(
            Marker(x, y, v, marker_path(shape, x, y), text(v))
            for (x, y), v in zip(coordinates[1:], values, strict=True)
        )
        drawn.append((n, str(label), shape, coordinates, markers, tuple(values)))
    label_ys = _label_places([c[-1][1] for _, _, _, c, _, _ in drawn], pad, height - pad / 2)
    series = tuple(
        Series(
            label=label,
            style=f"chart-series-{n % SERIES_STYLES}",
            shape=shape,
            dash=DASH_PATTERNS[n % len(DASH_PATTERNS)],
            filled=shape != "ring",
            points=" ".join(f"{x},{y}" for x, y in coordinates),
            markers=markers,
            values=values,
            last=values[-1] if values else 0,
            last_text=text(values[-1] if values else 0),
            label_x=x_of(span_x) + 3 * MARKER_SIZE,
            label_y=label_ys[n],
        )
        for n, label, shape, coordinates, markers, values in drawn
    )
    return LineChart(width, height, y_of(0), top, bottom, series, count, text, tuple(row_labels))
