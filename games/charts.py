"""Line charts drawn by the site as SVG: running scores over hands.

``line_chart`` does the arithmetic; ``templates/includes/line_chart.html``
draws the result. No JavaScript and nothing from another host.
"""

from __future__ import annotations

from dataclasses import dataclass

#: How many line colours the stylesheet has (``.chart-series-0`` ...), each with a light
#: and a dark theme value of at least 3:1 against the chart (static/css/site.css).
SERIES_STYLES = 5


@dataclass(frozen=True)
class Series:
    label: str
    style: str  # the CSS class that colours this line, its dot and its legend swatch
    points: str  # "x,y x,y ..." for an SVG polyline
    last: int
    last_x: float
    last_y: float


@dataclass(frozen=True)
class LineChart:
    width: int
    height: int
    zero_y: float
    top: int
    bottom: int
    series: tuple[Series, ...]
    count: int  # values per series

    @property
    def is_empty(self) -> bool:
        return self.count == 0


def line_chart(named_values: dict, width: int = 320, height: int = 160, pad: int = 12) -> LineChart:
    """Scale series of running totals into one chart that starts at zero."""
    count = max((len(v) for v in named_values.values()), default=0)
    everything = [0] + [x for values in named_values.values() for x in values]
    top, bottom = max(everything), min(everything)
    if top == bottom:
        top, bottom = top + 1, bottom - 1
    span_x = max(count, 1)

    def x_of(i: int) -> float:
        return round(pad + (width - 2 * pad) * i / span_x, 1)

    def y_of(value: int) -> float:
        return round(pad + (height - 2 * pad) * (top - value) / (top - bottom), 1)

    series = []
    for n, (label, values) in enumerate(named_values.items()):
        coordinates = [(x_of(0), y_of(0))] + [(x_of(i + 1), y_of(v)) for i, v in enumerate(values)]
        series.append(
            Series(
                label=str(label),
                style=f"chart-series-{n % SERIES_STYLES}",
                points=" ".join(f"{x},{y}" for x, y in coordinates),
                last=values[-1] if values else 0,
                last_x=coordinates[-1][0],
                last_y=coordinates[-1][1],
            )
        )
    return LineChart(width, height, y_of(0), top, bottom, tuple(series), count)
