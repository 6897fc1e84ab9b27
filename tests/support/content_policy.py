"""The Content-Security-Policy, as the tests check it.

``policy_problems`` says what is missing from, or too loose in, a policy header.
``PolicyWatch`` follows one browser context: every CSP violation in any page it
opens (inline script or style, eval, a file from elsewhere) and every page served
without a strict policy. ``policed_page`` gives a page under such a watch and
fails when the watch saw anything; every browser test opens its pages with it.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from playwright.sync_api import Browser, BrowserContext, ConsoleMessage, Page, Response

HEADER = "Content-Security-Policy"
#: Sources that would let injected code run or injected styles apply.
LOOSE_SOURCES = ("'unsafe-inline'", "'unsafe-eval'", "'unsafe-hashes'", "*", "data:", "blob:")
#: Directives that must be there, and what each may hold.
REQUIRED = {
    "default-src": {"'self'"},
    "script-src": {"'self'"},
    "style-src": {"'self'"},
    "object-src": {"'none'"},
    "base-uri": {"'none'"},
    "form-action": {"'self'"},
    "frame-ancestors": {"'none'"},
}

#: The page calls this function (exposed by Playwright) for each violation.
REPORT_FUNCTION = "__reportPolicyViolation"
#: Runs in every document before the page's own scripts. Playwright injects it
#: through DevTools, so the policy under test does not apply to it.
RECORD_VIOLATIONS = f"""
(() => {{
  window.__policyViolations = [];
  document.addEventListener("securitypolicyviolation", (event) => {{
    const line = `${{event.effectiveDirective}} blocked ${{event.blockedURI || "inline code"}}`
      + ` in ${{event.documentURI}}`;
    window.__policyViolations.push(line);
    if (window.{REPORT_FUNCTION}) window.{REPORT_FUNCTION}(line);
  }});
}})();
"""
#: Resolves after the tasks queued so far, so pending violation events have fired.
SETTLE = "() => new Promise(done => setTimeout(() => done(window.__policyViolations || []), 0))"


def parse_policy(header: str) -> dict[str, list[str]]:
    """``"default-src 'self'; img-src 'self'"`` as ``{directive: [sources]}``."""
    directives: dict[str, list[str]] = {}
    for part in header.split(";"):
        words = part.split()
        if words:
            directives.setdefault(words[0].lower(), words[1:])
    return directives


def policy_problems(header: str | None) -> list[str]:
    """What makes this policy header less than strict (nothing: an empty list)."""
    if not header:
        return [f"no {HEADER} header"]
    directives = parse_policy(header)
    problems = []
    for directive, allowed in REQUIRED.items():
        sources = directives.get(directive)
        if sources is None:
            problems.append(f"{directive} is missing")
            continue
        # A nonce is only for Django's own pages with a <style> (see config/settings.py).
        extra = {s for s in sources if not s.startswith("'nonce-")} - allowed
        if directive == "script-src":
            extra |= {s for s in sources if s.startswith("'nonce-")}
        if extra:
            problems.append(f"{directive} also allows {' '.join(sorted(extra))}")
    for directive, sources in directives.items():
        loose = [s for s in sources if s.lower() in LOOSE_SOURCES]
        if loose:
            problems.append(f"{directive} allows {' '.join(loose)}")
    return problems


class PolicyWatch:
    """Collects CSP violations and weak policies in one browser context."""

    def __init__(self, context: BrowserContext) -> None:
        self.violations: list[str] = []
        self.documents: list[Response] = []
        context.add_init_script(RECORD_VIOLATIONS)
        context.expose_function(REPORT_FUNCTION, self._violation)
        context.on("console", self._console)
        context.on("response", self._response)
        self.context = context

    def _violation(self, line: str) -> None:
        self.violations.append(line)

    def _console(self, message: ConsoleMessage) -> None:
        # Chromium logs each violation too ("Refused to apply inline style ...").
        if "Content Security Policy" in message.text or message.text.startswith("Refused to"):
            self.violations.append(f"console: {message.text}")

    def _response(self, response: Response) -> None:
        # Headers are read later: a sync Playwright call can't run inside its own event.
        if response.request.resource_type == "document":
            self.documents.append(response)

    def problems(self) -> list[str]:
        """Everything seen so far that breaks the policy or weakens it."""
        for page in self.context.pages:
            if page.is_closed():
                continue
            for line in page.evaluate(SETTLE):
                if line not in self.violations:
                    self.violations.append(line)
        found = list(self.violations)
        for response in self.documents:
            for problem in policy_problems(response.header_value(HEADER)):
                found.append(f"{response.url}: {problem}")
        return found


@contextmanager
def policed_page(browser: Browser, **context_options) -> Iterator[Page]:
    """A page in a fresh context; on leaving, fails if any page in it broke the
    policy or was served without a strict one."""
    context = browser.new_context(**context_options)
    try:
        watch = PolicyWatch(context)
        yield context.new_page()
        problems = watch.problems()
        assert not problems, "Content-Security-Policy:\n" + "\n".join(problems)
    finally:
        context.close()
