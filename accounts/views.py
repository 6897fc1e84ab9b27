from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from accounts.forms import SignupForm
from accounts.stats import player_statistics
from coach.progress import progress_of
from config.ratelimit import (
    claim_login_turn,
    client_address,
    forget_login_failures,
    login_wait,
    rate_limited,
    record_login_failure,
    release_login_turn,
    too_many_requests,
)
from games.charts import line_chart
from games.identity import current_player


@require_http_methods(["GET", "POST"])
@rate_limited("signup", methods=("POST",))
def signup(request: HttpRequest) -> HttpResponse:
    """A short form; everything the guest did comes along (see accounts.guest_merge)."""
    if request.user.is_authenticated:
        return redirect("accounts:profile")
    form = SignupForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user)
        return redirect(_next_url(request) or "accounts:profile")
    return render(request, "accounts/signup.html", {"form": form, "next": _next_url(request)})


class LoginView(auth_views.LoginView):
    """Django's log-in page, with failed attempts counted per address and per user
    name (config/ratelimit.py). A locked-out attempt is refused before any password
    is hashed, so it costs the server nothing."""

    template_name = "accounts/login.html"

    def post(self, request, *args, **kwargs):
        address, username = client_address(request), request.POST.get("username", "")
        wait = login_wait(address, username)
        if wait is not None:
            message = _("Too many failed log-ins from here or for this user name.")
            return too_many_requests(request, wait, message)
        turn = claim_login_turn(address, username)
        if turn is None:
            message = _("A log-in for this user name is already being checked.")
            return too_many_requests(request, 1, message)
        try:
            return super().post(request, *args, **kwargs)
        finally:
            release_login_turn(turn)

    def form_invalid(self, form):
        record_login_failure(client_address(self.request), self.request.POST.get("username", ""))
        return super().form_invalid(form)

    def form_valid(self, form):
        forget_login_failures(self.request.POST.get("username", ""))
        return super().form_valid(form)


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
    coach = [
        {"progress": game, "chart": game.chart(_("Cost per decision"))}
        for game in progress_of(player)
    ]
    context = {"player": player, "stats": stats, "chart": chart, "coach": coach}
    return render(request, "accounts/profile.html", context)
