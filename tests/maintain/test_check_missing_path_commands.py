"""``missing-path`` in a code span that is a command line: the words of it that are clearly paths
(``dotnet test tests/X.Tests/X.Tests.csproj``) are checked as a shell block's are."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from conftest import GitRepo

Repo = Callable[..., GitRepo]

FILES = {
    "src/App/App.csproj": "<Project/>\n",
    "tests/App.Tests/App.Tests.csproj": "<Project/>\n",
    "apps/web/mix.exs": "defmodule Web.MixProject do\nend\n",
    "apps/web/test/web_test.exs": "x\n",
}


def said(repo: Repo, doc: str) -> list[tuple[int | None, str]]:
    r = repo({**FILES, "AGENTS.md": doc})
    return [(f.line, f.message) for f in r.findings("missing-path")]


def test_a_path_a_command_span_names_that_is_gone_is_said_with_the_command(repo: Repo) -> None:
    doc = "# X\n\n- Test: `dotnet test tests/Gone.Tests/Gone.Tests.csproj --no-build`\n"
    assert said(repo, doc) == [
        (
            3,
            "`tests/Gone.Tests/Gone.Tests.csproj` (in `dotnet test tests/Gone.Tests/Gone.Tests.csproj --no-build`)"
            " does not exist (in the repository)",
        )
    ]


@pytest.mark.parametrize(
    "doc",
    [
        "`dotnet test tests/App.Tests/App.Tests.csproj`",
        "`mix test apps/web/test/web_test.exs:42`",
        "`dotnet test tests/ProjectName.Tests/ProjectName.Tests.csproj`",  # the reader's own project
        "`mix test apps/web/test/path/to_test.exs`",
        "From `tools/`: `dart run bin/x.dart ../../examples/a.json`",  # run from a folder the prose names
        "`cd apps && mix test gone/x_test.exs`",  # moved by a ``cd``: not followed
        "`dotnet test` then read `CHANGELOG.md`",
        "Don't run `dotnet test tests/Gone/Gone.csproj`; it was removed.",
    ],
)
def test_command_spans_whose_paths_are_there_or_cannot_be_judged_say_nothing(repo: Repo, doc: str) -> None:
    assert said(repo, doc + "\n") == []
