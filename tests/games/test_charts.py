"""The running-score chart: lines that share a score stay apart, and a table says the same."""

from __future__ import annotations

import re

from django.template.loader import render_to_string

from games.charts import line_chart


def render(chart, title: str = "Running score") -> str:
    return render_to_string(
        "includes/line_chart.html", {"chart": chart, "chart_id": "test-chart", "title": title}
    )


def series_groups(page: str) -> list[str]:
    return re.findall(r'<g class="chart-series[ "].*?</g>', page, re.S)


def test_two_series_with_the_same_values_are_drawn_differently():
    chart = line_chart({"Anna": [2, -1, 3], "Ben": [2, -1, 3]})
    anna, ben = chart.series
    assert anna.shape != ben.shape
    assert anna.dash != ben.dash
    assert anna.points != ben.points  # nudged apart where they are equal
    assert anna.label_y != ben.label_y  # end labels don't sit on each other
    first, second = series_groups(render(chart))
    dashes = [re.search(r'data-dash="([^"]+)"', g).group(1) for g in (first, second)]
    shapes = [re.search(r'data-shape="([^"]+)"', g).group(1) for g in (first, second)]
    assert dashes[0] != dashes[1] and shapes[0] != shapes[1]
    marker_paths = [
        re.findall(r'<path class="chart-marker[^"]*" d="([^"]+)"', g) for g in (first, second)
    ]
    # A marker at each of the three hands, and one before the end label.
    assert [len(paths) for paths in marker_paths] == [4, 4]
    assert not set(marker_paths[0]) & set(marker_paths[1])


def test_equal_values_are_nudged_apart_around_the_value_and_only_where_equal():
    chart = line_chart({"Anna": [1, 4], "Ben": [1, -4]})
    anna, ben = chart.series
    anna_points = [tuple(map(float, p.split(","))) for p in anna.points.split()]
    ben_points = [tuple(map(float, p.split(","))) for p in ben.points.split()]
    # Both start at zero and both have 1 after hand 1: drawn close but apart.
    for index in (0, 1):
        assert anna_points[index][1] != ben_points[index][1]
        assert abs(anna_points[index][1] - ben_points[index][1]) < 10
    # After hand 2 they differ, so neither is nudged: 4 sits as far above zero as -4 below.
    zero = chart.zero_y
    assert round(zero - anna_points[2][1], 1) == round(ben_points[2][1] - zero, 1)


def test_five_series_each_have_their_own_marker_and_dash():
    chart = line_chart({name: [0, 0] for name in ("You", "Anna", "Ben", "Clara", "Dale")})
    assert len({s.shape for s in chart.series}) == 5
    assert len({s.dash for s in chart.series}) == 5
    assert len({s.label_y for s in chart.series}) == 5
    assert all(chart.height > s.label_y > 0 for s in chart.series)


def test_the_data_table_has_every_value_of_every_series():
    values = {"You": [3, -2, 5], "Anna": [-1, -4, -6], "Ben": [0, 2, 2]}
    page = render(line_chart(values), title="Running score, hand by hand")
    table = re.search(r'<details class="chart-data".*?</details>', page, re.S).group(0)
    assert "<caption>Running score, hand by hand</caption>" in table
    headers = re.findall(r'<th scope="col">([^<]+)</th>', table)
    assert headers == ["Hand", "You", "Anna", "Ben"]
    rows = re.findall(r'<tr><th scope="row">(\d+)</th>(.*?)</tr>', table)
    cells = [(int(n), re.findall(r"<td>([^<]+)</td>", tds)) for n, tds in rows]
    assert cells == [
        (1, ["+3", "\u22121", "0"]),
        (2, ["\u22122", "\u22124", "+2"]),
        (3, ["+5", "\u22126", "+2"]),
    ]


def test_the_chart_is_an_image_named_by_its_title_with_no_inline_style():
    page = render(line_chart({"You": [1, 2]}), title="Your running score")
    assert re.search(r'<svg viewBox="[^"]+" role="img" aria-labelledby="test-chart-title"', page)
    assert '<title id="test-chart-title">Your running score</title>' in page
    assert "style=" not in page


def test_no_finished_hands_means_no_chart_and_no_table():
    page = render(line_chart({"You": []}))
    assert "<svg" not in page and "<table" not in page
    assert "No finished hands yet." in page
