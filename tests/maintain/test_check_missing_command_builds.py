"""``missing-command`` for the JVM build tools: the Gradle projects and Maven modules a command
selects (``./gradlew :app:test``, ``mvn -pl core``) must be the build's."""

from __future__ import annotations

import os
from collections.abc import Callable

import pytest
from conftest import GitRepo

Repo = Callable[..., GitRepo]

SETTINGS_KTS = 'rootProject.name = "x"\ninclude(":core", "app")\ninclude(\n    ":libs:net", // the client\n)\n'
SETTINGS_GROOVY = "rootProject.name = 'x'\ninclude 'core', ':app'\nincludeBuild 'build-logic'\n"
ROOT_POM = (
    "<project><artifactId>parent</artifactId><modules>\n"
    "  <module>core</module>\n  <module>services/api</module>\n</modules></project>\n"
)
CORE_POM = "<project><parent><artifactId>parent</artifactId></parent><artifactId>x-core</artifactId></project>\n"
API_POM = "<project><artifactId>x-api</artifactId></project>\n"


def built(repo: Repo, files: dict[str, str]) -> GitRepo:
    """A repository of ``files``, its Gradle wrapper executable as a clone gets it."""
    r = repo(files, commit=False)
    if "gradlew" in files:
        os.chmod(r.path / "gradlew", 0o755)
    r.commit(message="init")
    return r


def said(r: GitRepo) -> list[tuple[str, int | None, str, str]]:
    return [(f.file, f.line, f.message, f.fix) for f in r.findings("missing-command")]


def gradle_build(settings: str, name: str = "settings.gradle.kts") -> dict[str, str]:
    return {name: settings, "gradlew": "#!/bin/sh\n"}


def maven_build() -> dict[str, str]:
    return {"pom.xml": ROOT_POM, "core/pom.xml": CORE_POM, "services/api/pom.xml": API_POM}


def test_a_gradle_task_path_whose_project_the_settings_do_not_include_is_a_warning(repo: Repo) -> None:
    r = built(
        repo, {**gradle_build(SETTINGS_KTS), "AGENTS.md": "# X\n\n- Test: `./gradlew :cor:test :libs:nett:check`\n"}
    )
    assert said(r) == [
        (
            "AGENTS.md",
            3,
            "`./gradlew :cor:test :libs:nett:check`: no project `:libs:nett` in settings.gradle.kts",
            "did you mean `:libs:net` or `:libs`?",
        )
    ]


def test_a_gradle_project_gone_from_groovy_settings_is_said_with_the_nearest(repo: Repo) -> None:
    r = built(repo, {**gradle_build(SETTINGS_GROOVY, "settings.gradle"), "sub/AGENTS.md": "`gradle :cores:test`\n"})
    assert said(r) == [
        ("sub/AGENTS.md", 1, "`gradle :cores:test`: no project `:cores` in settings.gradle", "did you mean `:core`?")
    ]


@pytest.mark.parametrize(
    "doc",
    [
        '`./gradlew :core:test --tests "a.B"`',
        "`./gradlew app:assembleDebug`",
        "`./gradlew :libs:net:check :libs:build`",  # ``:libs`` is made by including ``:libs:net``
        "`./gradlew test`",  # a task alone: plugins make tasks
        "`./gradlew :test`",
        "`./gradlew :sC:test`",  # Gradle expands camel-case humps, like prefixes
        "`./gradlew dependencyInsight --dependency com.example:lib`",  # an option's value
        "`./gradlew :<module>:test`",
        "`./gradlew :module-name:test` tests one module",
        "`./gradlew :my-lib:check`",
        "Start with the affected suite: `./gradlew :affected-module:jvmTest`",
        "Run `./gradlew :gone:test` no longer: it was removed.",
        "`./gradlew -c other.gradle :gone:test`",
    ],
)
def test_gradle_commands_the_build_has_or_that_cannot_be_judged_say_nothing(repo: Repo, doc: str) -> None:
    settings = SETTINGS_KTS.replace('"app"', '"app", ":shared-core"')
    r = built(repo, {**gradle_build(settings), "AGENTS.md": doc + "\n"})
    assert said(r) == []


@pytest.mark.parametrize(
    "settings",
    [
        'file("modules").listFiles().forEach { include(":modules:${it.name}") }\n',
        'val names = listOf("a", "b")\ninclude(*names.toTypedArray())\n',
    ],
)
def test_gradle_settings_that_make_projects_in_code_say_nothing(repo: Repo, settings: str) -> None:
    r = built(repo, {**gradle_build(settings), "AGENTS.md": "`./gradlew :gone:test`\n"})
    assert said(r) == []


def test_an_included_build_takes_any_project_under_its_name(repo: Repo) -> None:
    r = built(
        repo,
        {**gradle_build(SETTINGS_GROOVY, "settings.gradle"), "AGENTS.md": "`./gradlew :build-logic:plugins:test`\n"},
    )
    assert said(r) == []


def test_an_included_build_named_from_the_build_that_includes_it_is_no_miss(repo: Repo) -> None:
    # the included builds have settings of their own; their docs name their tasks as the top build does
    top = 'rootProject.name = "x"\ninclude(":core")\nincludeBuild("playground")\nincludeBuild("build-logic")\n'
    r = built(
        repo,
        {
            **gradle_build(top),
            "playground/settings.gradle.kts": 'rootProject.name = "pg"\ninclude(":app")\n',
            "playground/AGENTS.md": "# Playground\n\n- `./gradlew :playground:assemble`\n- `./gradlew :app:test`\n",
            "build-logic/settings.gradle.kts": 'rootProject.name = "build-logic"\n',
            "build-logic/AGENTS.md": "# Logic\n\n- `./gradlew :build-logic:jar`\n- `./gradlew :gone:jar`\n",
        },
    )
    # a project neither the build nor the one above it has is still a miss, said of the nearest build
    assert [(f, line, m) for f, line, m, _ in said(r)] == [
        ("build-logic/AGENTS.md", 4, "`./gradlew :gone:jar`: no project `:gone` in build-logic/settings.gradle.kts")
    ]


def test_a_maven_module_or_artifact_the_reactor_lacks_is_a_warning(repo: Repo) -> None:
    r = repo({**maven_build(), "AGENTS.md": "```sh\nmvn -pl services/ap,:x-cor -am test\n```\n"})
    assert said(r) == [
        (
            "AGENTS.md",
            2,
            "`mvn -pl services/ap,:x-cor -am test`: no artifactId `x-cor` in the reactor of pom.xml",
            "did you mean `:x-core`?",
        ),
        (
            "AGENTS.md",
            2,
            "`mvn -pl services/ap,:x-cor -am test`: no module `services/ap` in the reactor of pom.xml",
            "did you mean `services/api`?",
        ),
    ]


@pytest.mark.parametrize(
    ("doc_path", "doc"),
    [
        ("AGENTS.md", "`mvn -pl core,services/api,:x-api -am install`"),
        ("AGENTS.md", "`./mvnw --projects com.example:x-core test`"),
        ("core/AGENTS.md", "From the root: `mvn -pl core -am install`"),  # the reader may stand at the root
        ("AGENTS.md", "`mvn -pl services/<name> test`"),
        ("AGENTS.md", "`mvn -pl services/your-module test`"),
        ("AGENTS.md", "`mvn -pl !core,-services/api install`"),  # excluded: nothing to find
        ("AGENTS.md", "`mvn -f services/api -pl gone test`"),  # a pom that lists no modules: a folder is asked
        ("AGENTS.md", "`mvn test`"),
    ],
)
def test_maven_selections_the_reactor_has_or_that_cannot_be_judged_say_nothing(
    repo: Repo, doc_path: str, doc: str
) -> None:
    files = {**maven_build(), doc_path: doc + "\n", "services/api/gone/pom.xml": API_POM}
    r = repo(files)
    assert said(r) == []


def test_a_maven_module_named_by_a_property_says_nothing(repo: Repo) -> None:
    pom = "<project><modules><module>${extra}</module></modules></project>\n"
    r = repo({"pom.xml": pom, "AGENTS.md": "`mvn -pl gone test`\n"})
    assert said(r) == []


# --- bazel --------------------------------------------------------------------------------------

BAZEL = {"MODULE.bazel": 'module(name = "x")\n', "pkg/a/BUILD.bazel": "x\n", "pkg/b/README.md": "x\n"}


def test_a_bazel_label_whose_package_is_gone_is_a_warning(repo: Repo) -> None:
    doc = "```sh\nbazel test //pkg/gone/...\nbazel build //pkg/b:lib\n```\n"
    r = repo({**BAZEL, "AGENTS.md": doc})
    assert [m for _, _, m, _ in said(r)] == [
        "`bazel test //pkg/gone/...`: no package `//pkg/gone`: no folder pkg/gone",
        "`bazel build //pkg/b:lib`: no package `//pkg/b`: no BUILD file in pkg/b",
    ]


@pytest.mark.parametrize(
    "doc",
    [
        "`bazel test //pkg/a:all`",
        "`bazel test //pkg/...`",
        "`bazel test //...`",
        "`bazel run //pkg/a:tool -- //not/a/label`",
        "`bazel build @other//gone:x`",
        "`bazel query 'kind(test, //gone/...)'`",
        "`bazel test //path/to/your:target`",
        "`bazel test :local`",
    ],
)
def test_bazel_labels_the_workspace_has_or_that_cannot_be_judged_say_nothing(repo: Repo, doc: str) -> None:
    r = repo({**BAZEL, "AGENTS.md": doc + "\n"})
    assert said(r) == []


def test_bazel_without_a_workspace_says_nothing(repo: Repo) -> None:
    r = repo({"AGENTS.md": "`bazel test //gone/...`\n"})
    assert said(r) == []


def test_a_groovy_include_going_on_after_a_comma_counts_every_line(repo: Repo) -> None:
    settings = "include 'a',\n        'b'\ninclude 'c'\n"
    doc = "# X\n\n- `./gradlew :b:test`\n- `./gradlew :d:test`\n"
    r = built(repo, {**gradle_build(settings, "settings.gradle"), "AGENTS.md": doc})
    assert [(line, message.split(": ", 1)[1]) for _, line, message, _ in said(r)] == [
        (4, "no project `:d` in settings.gradle")
    ]
