from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.contrib.auth.forms import UserCreationForm
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from accounts.stats import player_statistics
from games.charts import line_chart
from games.identity import current_player


@require_http_methods(["GET", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    """A short form; everything the guest did comes along (see accounts.guest_merge)."""
    if request.user.is_authenticated:
        return redirect("accounts:profile")
    form = UserCreationForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user)
        return redirect(_next_url(request) or "accounts:profile")
    return render(request, "accounts/signup.html", {"form": form, "next": _next_url(request)})


def _next_url(request: HttpRequest) -> str | None:
    target = request.POST.get("next") or request.GET.get("next")
    if target and url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return target
    return None


@login_required
def profile(request: HttpRequest) -> HttpResponse:
    player = current_player(request)
    stats = player_statistics(player)
    chart = line_chart({_("Your score"): stats.running})
    return render(
        request, "accounts/profile.html", {"player": player, "stats": stats, "chart": chart}
    )
