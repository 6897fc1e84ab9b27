"""Print the lessons' text as a gettext template (.pot), for translators.

The lessons are data files that ``makemessages`` doesn't read; their strings
go through gettext when a page is shown, so adding these entries to a
catalog (``msgcat`` with the project's .po) translates the course.
"""

from django.conf import settings
from django.core.management.base import BaseCommand

from tutorials.course import COURSE_FOLDERS, course


def lesson_strings() -> list[tuple[str, str]]:
    """(where, text) for every translatable string of the course, without repeats."""
    seen: set[str] = set()
    out = []

    def add(where: str, text: str) -> None:
        if text and text not in seen:
            seen.add(text)
            out.append((where, text))

    lessons = [(name, lesson) for name in COURSE_FOLDERS for lesson in course(name)]
    for name, lesson in lessons:
        folder = COURSE_FOLDERS[name].relative_to(settings.BASE_DIR)
        at = f"{folder}/{lesson.number:02d}-{lesson.slug}.json"
        add(at, lesson.title)
        add(at, lesson.summary)
        for section in lesson.sections:
            add(at, section.heading)
            for paragraph in section.paragraphs:
                add(at, paragraph)
            for ex in section.exercises:
                where = f"{at}#{ex.id}"
                add(where, ex.prompt)
                for name in ("right", "wrong"):
                    add(where, ex.spec.get(name, ""))
                for text in ex.spec.get("feedback", {}).values():
                    add(where, text)
                if ex.kind == "choice":
                    for option in ex.spec["options"]:
                        add(where, option)
    return out


def _quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


class Command(BaseCommand):
    help = "Print every string of the course's lesson files as a gettext .pot template."

    def handle(self, *args, **options) -> None:
        self.stdout.write('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n')
        for where, text in lesson_strings():
            self.stdout.write(f'\n#: {where}\nmsgid {_quote(text)}\nmsgstr ""\n')
