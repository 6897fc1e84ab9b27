"""Django's last-resort handler: a database outage anywhere is a 503, the rest the 500 page."""

from django.db import InterfaceError, OperationalError

from config.errors import RETRY_AFTER_SECONDS, server_error


def answer_to(error: Exception, request):
    """What ``handler500`` answers while ``error`` is being handled, as Django calls it."""
    try:
        raise error
    except Exception:
        return server_error(request)


def test_a_database_lost_outside_a_view_is_a_503_to_try_again(rf):
    for error in (OperationalError("server closed the connection"), InterfaceError("closed")):
        response = answer_to(error, rf.get("/daily/"))
        assert response.status_code == 503
        assert response["Retry-After"] == str(RETRY_AFTER_SECONDS)
        assert "data-unavailable" in response.content.decode()


def test_an_htmx_request_is_told_to_reload(rf):
    response = answer_to(OperationalError("gone"), rf.post("/play/x/act", HTTP_HX_REQUEST="true"))
    assert response.status_code == 503 and response["HX-Refresh"] == "true"


def test_any_other_failure_is_the_500_page(rf):
    response = answer_to(ValueError("a bug"), rf.get("/"))
    assert response.status_code == 500
    assert "Something went wrong" in response.content.decode()
    assert not response.has_header("Retry-After")
