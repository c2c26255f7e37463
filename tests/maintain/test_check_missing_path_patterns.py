"""``missing-path`` on patterns met in real monorepos: what they say is not there, what a build
makes, what another repository holds, are no stale paths; the stale paths beside them still are."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from conftest import GitRepo

Repo = Callable[..., GitRepo]

FILES = {
    "AGENTS.md": "# Root\n",
    "bindings/kotlin/src/main/kotlin/foundation/bridge/CppBridge.kt": "x\n",
    "bindings/kotlin/src/main/kotlin/httptransport/OkHttpHttpTransport.kt": "x\n",
    "bindings/flutter/lib/core/types.dart": "x\n",
    "scripts/build-core.sh": "x\n",
}


def _lines(repo: Repo, doc: str, files: dict[str, str] | None = None) -> list[int | None]:
    r = repo({**FILES, **(files or {}), "bindings/kotlin/AGENTS.md": doc})
    return [f.line for f in r.findings("missing-path") if f.file == "bindings/kotlin/AGENTS.md"]


@pytest.mark.parametrize(
    "text",
    [
        "There is no `foundation/protoext/` package: the wrappers were removed.",
        "**Not present:** no top-level `lib/capabilities/`, no\n`lib/infrastructure/`, no `x.dart`.",
        "`./run build` is broken: it shells out to\n`scripts/build-rn.sh`, which was deleted and is blocked.",
        "The blocklist forbids reintroducing `scripts/build-rn.sh` (see above).",
        "`foundation/legacy/Old.kt` does not exist any more.",
        "A prior revision named `../../tests/streaming/` and `PerfBenchTest` — none of those paths or files exist.",
        "- `bindings/kotlin/src/` replaces the former Go gateway (`bindings/go/gateway/`, removed 2026-04-14).",
        "- The old bridge (`bindings/kotlin/bridge/`, now removed) spoke JNI.",
        # mobvibe: "Note: the repository has no `apps/mobile/`; go by the folders there are."
        "说明：当前仓库没有 `foundation/mobile/` 目录，以实际目录为准。",
        "- 未发现 `.cursor/rules/`、`.cursorrules` 或 `foundation/copilot-instructions.md`。",
        "`foundation/legacy/Gone.kt` 已删除，请使用 `foundation/bridge/CppBridge.kt`。",
        "`foundation/legacy/Gone.kt` 已经被移除，请使用 `foundation/bridge/CppBridge.kt`。",
        "`foundation/legacy/Gone.kt` は存在しません。",
        "`foundation/legacy/Gone.kt` はもうありません。",
    ],
    ids=[
        "there-is-no",
        "no-wrapped",
        "which-was-deleted",
        "reintroducing",
        "does-not-exist",
        "none-of-those",
        "the-former",
        "comma-removed",
        "chinese-there-is-no",
        "chinese-not-found-list",
        "chinese-deleted",
        "chinese-already-removed",
        "japanese-does-not-exist-polite",
        "japanese-no-longer-there",
    ],
)
def test_a_path_the_doc_says_is_not_there_is_not_reported(repo: Repo, text: str) -> None:
    assert _lines(repo, f"# Kotlin\n\n{text}\n") == []


def test_the_names_listed_after_a_deletion_are_deleted_too(repo: Repo) -> None:
    # open-mercato's ai-assistant changelog: "Deleted `lib/a.ts`, `lib/b.ts`, `lib/c.ts`" named
    # the second and third as stale paths; a name after the list, in the next clause, still is one.
    doc = (
        "# Kotlin\n\n"
        "- Deleted `src/main/kotlin/A.kt`, `src/main/kotlin/B.kt`, `src/main/kotlin/C.kt` — all dead.\n"
        "- Removed `src/old/D.kt` and `src/old/E.kt`.\n"
        "- Removed `src/old/F.kt`; kept `src/old/G.kt`.\n"  # 5: the second is said to be there
    )
    assert _lines(repo, doc) == [5]


@pytest.mark.parametrize(
    "text",
    [
        "`foundation/core/Core.kt` は存在しません。",
        "`foundation/core/Core.kt` がありません。",
        "`foundation/core/Core.kt` 已经删除。",
        "`foundation/core/Core.kt` 已经不存在了。",
    ],
)
def test_a_path_a_doc_says_is_gone_in_the_words_as_often_written_is_not_reported(repo: Repo, text: str) -> None:
    # The polite Japanese form, and Chinese "already" written 已经: each named a stale path before.
    assert _lines(repo, f"# Kotlin\n\n{text}\n") == []


def test_a_stale_path_in_a_japanese_doc_is_still_reported(repo: Repo) -> None:
    # "no problem" after a path says nothing of it
    assert _lines(repo, "# Kotlin\n\n`foundation/core/Core.kt` 問題ありません。\n") == [3]


def test_a_stale_path_in_a_chinese_doc_is_still_reported(repo: Repo) -> None:
    # mobvibe: "core / shared (`packages/core`, `packages/shared`)", packages/core merged away since.
    text = "说明：核心与共享（`foundation/core/Core.kt`, `foundation/bridge/CppBridge.kt`），不要修改生成的代码。"
    assert _lines(repo, f"# Kotlin\n\n{text}\n") == [3]


@pytest.mark.parametrize(
    ("text", "lines"),
    [
        ("1. Create `skills/new-skill.md` with front matter.", []),
        ("Add a new file `skills/new-bridge.md` for each domain.", []),
        ("1. Read `skills/new-skill.md` first.", [3]),  # no making: a stale path
    ],
)
def test_a_path_the_doc_tells_the_reader_to_make_is_not_reported(repo: Repo, text: str, lines: list[int]) -> None:
    assert _lines(repo, f"# Kotlin\n\n{text}\n", {"bindings/kotlin/skills/query.md": "x\n"}) == lines


@pytest.mark.parametrize(
    ("text", "lines"),
    [
        ("Read any available documentation: [README.md](./README.md) and\n[examples/](./examples/) for usage.", []),
        ("Update `src/main/kotlin/Old.kt` (if present) and `src/gone/`.", [3]),  # the hedge is the first one's
        ("- `BUCK` present → Meta-internal checkout. Read `facebook/AGENTS.md`, which\n  overrides this file.", []),
        ("- `BUILD` files are not exported to GitHub: read `src/main/kotlin/Secret.kt` there.", []),
        ("Read [examples/](./examples/) for usage.", [3]),  # no hedge: a stale link
        ("Note the fixtures (if any) in `src/gone/`.", []),
        ("If any races need it, edit the files under `src/gone/`.", [3]),  # a condition on races
        # a monorepo's apps doc: folders kept for a later split, holding only ignored env files
        ("`src/ai`, `src/auth` and `src/flow` are env-only placeholders for a future split.", []),
        ("`src/next/` is reserved for the v2 client; `src/beta/` is not yet created.", []),
        ("- `src/ai`, `src/auth` — env-only placeholders for a future split. Nothing runs there.", []),
        ("- `src/ai` — placeholder views, `src/auth` — the placeholder for logins.", [3, 3]),
        ("`src/ui/Gone.kt` is the placeholder component; `src/old/` holds placeholders.", [3, 3]),
    ],
    ids=[
        "any-available",
        "if-present",
        "internal-checkout",
        "not-exported",
        "plain",
        "if-any",
        "if-any-noun",
        "placeholders",
        "reserved-not-yet",
        "dash-placeholders-for",
        "dash-no-for",
        "placeholder-named",
    ],
)
def test_a_path_the_doc_says_may_not_be_there_is_not_reported(repo: Repo, text: str, lines: list[int]) -> None:
    assert _lines(repo, f"# Kotlin\n\n{text}\n", {"bindings/kotlin/README.md": "x\n"}) == lines


def test_stale_paths_beside_what_the_doc_says_is_gone_are_still_reported(repo: Repo) -> None:
    doc = (
        "# Kotlin\n\n"
        "- `src/main/kotlin/foundation/http/OkHttpTransport.kt` — HTTP transport\n"  # 3: moved, still named
        "- No changes to `src/main/gone/` without review.\n"  # 4: "no" speaks of changes
        "- There is no `src/protoext/` package; see `src/main/kotlin/Gone.kt` instead.\n"  # 5: the second
        "- `src/old/X.kt` was deleted; `src/new/Y.kt` replaces it.\n"  # 6: the second
    )
    assert _lines(repo, doc) == [3, 4, 5, 6]


def test_a_folder_a_gitignore_pattern_holds_elsewhere_is_made_by_a_build(repo: Repo) -> None:
    files = {".gitignore": "bindings/react-native/packages/*/android/src/main/jniLibs/\n*.so\n"}
    doc = "# Kotlin\n\nGradle fetches `.so` zips into `src/main/jniLibs/`; `src/main/gone/` is stale.\n"
    assert _lines(repo, doc, files) == [3]


def test_a_deleted_file_git_ignores_now_is_generated_not_gone(repo: Repo) -> None:
    r = repo({**FILES, "core/AGENTS.md": "# Core\n", "core/include/defaults_generated.h": "x\n", "core/src/a.c": "a\n"})
    r.remove("core/include/defaults_generated.h", "core/src/a.c")
    r.commit({".gitignore": "/core/include/defaults_generated.h\n"}, date="2024-02-01T12:00:00Z")
    r.commit({"core/AGENTS.md": "# Core\n\nGenerate `defaults_generated.h` first; `a.c` holds the loop.\n"})
    found = [(f.line, f.subject) for f in r.findings("missing-path") if f.file == "core/AGENTS.md"]
    assert found == [(3, "a.c")]


def test_an_esm_import_names_the_js_its_typescript_source_emits(repo: Repo) -> None:
    files = {"bindings/kotlin/packages/core/src/runtime/Module.ts": "x\n"}
    doc = "# Web\n\nImports name the emitted path (for example `./runtime/Module.js`, not `./runtime/Gone.js`).\n"
    doc += "\nSee `./runtime/Other.js`.\n"
    assert _lines(repo, doc, files) == [5]


@pytest.mark.parametrize(
    "text",
    [
        "`rac_platform_llm/tts/diffusion_callbacks_t` (Apple platform services)",  # names joined by slashes
        "in `NeuRT/src/sdk/rac_diffusion_coreml.mm` (its own project compiles it)",  # another repository's
    ],
)
def test_a_path_whose_first_and_last_parts_the_repository_never_had_is_not_its_own(repo: Repo, text: str) -> None:
    files = {"bindings/kotlin/src/tts/Tts.kt": "x\n", "bindings/kotlin/src/sdk/Sdk.kt": "x\n"}
    assert _lines(repo, f"# Kotlin\n\nSee {text}.\n", files) == []


def test_a_climbing_path_to_an_ignored_local_file_is_no_outside_path(repo: Repo) -> None:
    files = {".gitignore": ".env\n"}
    doc = "# Kotlin\n\n```bash\nsource ../../.env/bin/activate\ncat ../../../elsewhere/x.txt\n```\n"
    r = repo({**FILES, **files, "bindings/kotlin/AGENTS.md": doc})
    found = [(f.line, f.message) for f in r.findings("missing-path")]
    assert found == [(5, "`../../../elsewhere/x.txt` leads outside the repository: not checked")]


def test_a_folder_named_alone_is_looked_for_within_the_doc_s_folder(repo: Repo) -> None:
    files = {
        "bindings/kotlin/benchmarks/run.kt": "x\n",
        "bindings/kotlin/src/Data/Static/names.kt": "x\n",
        "plugins/mem0/.opencode-plugin/index.ts": "x\n",
    }
    doc = (
        "# Kotlin\n\n"
        "- `benchmark/` - Performance benchmarking tool\n"  # 3: it is benchmarks/
        "- Data goes under `Data/`, in `Static/`.\n"
        "- Bun in `.opencode-plugin/` only.\n"  # the repository's only one, elsewhere
        "- `generated/` - protobuf output; `logs/` at run time\n"  # made by a build or a run
        "- **Benchmarks:** [benchmark/](./benchmark/)\n"  # the same path again: said once
    )
    r = repo({**FILES, **files, "bindings/kotlin/AGENTS.md": doc})
    assert [(f.line, f.message) for f in r.findings("missing-path")] == [
        (3, "`benchmark/` does not exist (neither in bindings/kotlin/ nor above it; also line 7)")
    ]


@pytest.mark.parametrize(
    "text",
    [
        # said once, where it is made, for every mention
        "The skill writes a feature branch plus `.mem0-integration/` artifacts.\n\n\n\n"
        "They share state only through `.mem0-integration/` files.",
        "A local package — **not** a flat CocoaPods\n`Classes/` layout.",  # a counter-example wrapped
        "Apps live in a sibling `starters/` next to this repo.",
        "- Runtime or generated dirs: `persistent/`, `junk/`",
        "- `.build/` - Make build cache",
    ],
    ids=["writes", "not-wrapped", "next-to-this-repo", "generated-dirs", "build-cache"],
)
def test_what_a_doc_says_is_made_or_elsewhere_is_not_reported(repo: Repo, text: str) -> None:
    doc = f"# Kotlin\n\n- `pr-reviews/` - review materials\n\n\n\n{text}\n"
    assert _lines(repo, doc) == [3]  # named nowhere else, made by nothing: still said


def test_a_folder_named_alone_in_prose_is_no_layout_entry(repo: Repo) -> None:
    doc = (
        "# Kotlin\n\n"
        "The `rust-crates/` **slash** prefix is deliberate: tag filters treat `*` as one part.\n"
        "| `csharp-nuget/` | the NuGet tag prefix |\n"  # 4: a table's first cell is a layout entry
        "1. **`gone-folder/`** — old tools\n"  # 5
    )
    assert _lines(repo, doc) == [4, 5]


def test_a_layout_entry_naming_several_folders_has_each_looked_for(repo: Repo) -> None:
    # agenta's map: "`examples/`, `services/`, `chat-ui/` — example apps", and no chat-ui/ anywhere
    files = {"examples/demo/app.py": "x\n", "services/runner/main.ts": "x\n"}
    doc = (
        "# Repo\n\n"
        "- `examples/`, `services/`, `chat-ui/` — example apps and supporting services.\n"  # 3
        "- `examples/` and `services/`: each its own project.\n"
        "| `examples/`, `gone-ui/` | apps |\n"  # 5
        "- Runtime dirs: `persistent/`, `junk/`\n"  # no layout entry: prose names them
    )
    r = repo({**FILES, **files, "AGENTS.md": doc})
    assert [(f.line, f.subject) for f in r.findings("missing-path") if f.file == "AGENTS.md"] == [
        (3, "chat-ui/"),
        (5, "gone-ui/"),
    ]


def test_file_names_said_to_be_gone_together_are_not_reported(repo: Repo) -> None:
    files = {"ts/cli/AGENTS.md": "# Cli\n", "ts/cli/src/capability_table.ts": "x\n", "ts/cli/src/a.ts": "a\n"}
    r = repo({**FILES, **files})
    r.remove("ts/cli/src/capability_table.ts", "ts/cli/src/a.ts")
    r.commit(date="2024-02-01T12:00:00Z")
    doc = "# Cli\n\nThe hand-ported `capability_table.ts`/`other.ts` are gone. `a.ts` holds the loop.\n"
    r.commit({"ts/cli/AGENTS.md": doc})
    found = [(f.line, f.subject) for f in r.findings("missing-path") if f.file == "ts/cli/AGENTS.md"]
    assert found == [(3, "a.ts")]


@pytest.mark.parametrize(
    "text",
    [
        "the encoder walks `go/parser` + `go/ast` output",  # Go's standard library
        "protobuf types from `buf.build/protocolbuffers/go`",  # a registry's module
        "run `./test/Debug/test_selfhost.exe` after the build",  # what a compiler makes
        "it loads `./cli_core.ts` lazily",  # an import written from src/index.ts
    ],
    ids=["go-std", "buf-module", "built-binary", "ts-specifier"],
)
def test_names_that_are_no_paths_of_this_repository(repo: Repo, text: str) -> None:
    files = {"bindings/kotlin/src/cli_core.ts": "x\n", "bindings/kotlin/test/x.cc": "x\n", "go/go.mod": "module x\n"}
    assert _lines(repo, f"# Kotlin\n\nSee {text}.\n", files) == []


def test_a_shell_line_sent_elsewhere_by_cd_reads_its_paths_from_there(repo: Repo) -> None:
    files = {"examples/hello/hello.json": "{}\n", "dart/compiler/bin/compile.dart": "x\n"}
    files["dart/self_host/a.json"] = "{}\n"
    doc = (
        "# Kotlin\n\n```bash\n"
        "cd ../../dart/compiler && dart run bin/compile.dart ../../examples/hello/hello.json\n"
        "cd ../../dart && dart run compiler/bin/compile.dart   # writes dart/self_host/a.json\n"
        "cd ../../dart/compiler && dart run bin/compile.dart ../../examples/gone/gone.json\n"  # 6
        "cd ../self_host && cat ../compiler/bin/gone.dart\n"  # 7: from where the line before went
        "```\n"
    )
    r = repo({**FILES, **files, "bindings/kotlin/AGENTS.md": doc})
    assert [(f.line, f.subject) for f in r.findings("missing-path")] == [
        (6, "../../examples/gone/gone.json"),
        (7, "../../dart/compiler/bin/gone.dart"),
    ]


def test_a_link_in_a_clause_that_says_not_is_still_followed(repo: Repo) -> None:
    assert _lines(repo, "# Kotlin\n\nDon't forget to read [the guide](src/main/guide.md) first.\n") == [3]


@pytest.mark.parametrize(
    "text",
    [
        "See [`docs/guide`](docs/guide.md) for the layout.",  # a link's label: its target is there
        "The resolver is `src/skip.ResolveSkipFor`.",  # a Go name in the folder's package
        "KMS through `hashicorp/vault/api`.",  # a Go module without its host
        "Shared code: `src/mtransaction` (formerly `src/transaction`).",  # said to be gone
        "`src/old_name/` was renamed to `src/skip/`.",
    ],
    ids=["link-label", "go-member", "go-module-hostless", "formerly", "was-renamed"],
)
def test_names_real_monorepos_write_that_are_no_stale_paths(repo: Repo, text: str) -> None:
    files = {
        "bindings/kotlin/docs/guide.md": "x\n",
        "bindings/kotlin/src/skip/skip.go": "package skip\n",
        "bindings/kotlin/src/mtransaction/t.go": "package mtransaction\n",
        "bindings/kotlin/api/x.go": "package api\n",
        "go.mod": "module example.com/m\n\nrequire (\n\tgithub.com/hashicorp/vault/api v1.16.0\n)\n",
    }
    assert _lines(repo, f"# Kotlin\n\n{text}\n", files) == []


@pytest.mark.parametrize(
    "text",
    [
        "See [`docs/gone`](docs/gone.md) for the layout.",  # the link's target is checked
        "The resolver is `src/gone.ResolveSkipFor`.",  # no such package folder
        "KMS through `hashicorp/other/api`.",  # no such module
    ],
    ids=["link-target", "member-of-nothing", "not-a-module"],
)
def test_beside_those_names_a_stale_path_is_still_reported(repo: Repo, text: str) -> None:
    files = {
        "bindings/kotlin/src/skip/skip.go": "package skip\n",
        "bindings/kotlin/api/x.go": "package api\n",
        "bindings/kotlin/docs/x.md": "x\n",
        "go.mod": "module example.com/m\n\nrequire github.com/hashicorp/vault/api v1.16.0\n",
    }
    assert _lines(repo, f"# Kotlin\n\n{text}\n", files) == [3]


def test_a_path_the_doc_says_lives_in_a_dependency_is_not_the_repository_s(repo: Repo) -> None:
    # LerianStudio/matcher's CLAUDE.md: "Use `pkg/assert`" above, and at its end where it lives
    files = {
        "go.mod": "module example.com/m\n\nrequire github.com/LerianStudio/lib-commons/v5 v5.1.0\n",
        "pkg/chanutil/c.go": "package chanutil\n",
    }
    doc = (
        "# Kotlin\n\n"
        "Use `pkg/assert` for validation.\n"  # 3
        "Recover panics with `pkg/runtime`.\n"  # 4: the doc says nowhere where it lives
        "Assertions: `commons/assert` (imported as `pkg/assert` by convention, but lives in lib-commons)\n"
        "Retries: `pkg/retry` lives in lib-retry.\n"  # 6: no dependency of that name
    )
    assert _lines(repo, doc, files) == [4, 6]


def test_a_double_star_in_a_gitignore_pattern_stands_for_the_folders_between(repo: Repo) -> None:
    files = {".gitignore": "bindings/**/local-stage/*.json\n", "bindings/kotlin/src/config/prod/a.json": "{}\n"}
    doc = "# Kotlin\n\nLocal config: `config/local-stage/`; `config/gone-stage/` is stale.\n"
    assert _lines(repo, doc, files) == [3]


def test_a_folder_an_angular_build_copies_assets_into_is_the_built_app_s(repo: Repo) -> None:
    project = (
        '{"targets": {"build": {"options": {"assets": ["apps/web/src/favicon.ico", '
        '{"glob": "**/*", "input": "libs/user/src/assets/i18n", "output": "assets/i18n/user"}, '
        '{"glob": "**/*", "input": "apps/web/src/config/local", "output": "/assets/deployment/"}]}}}}'
    )
    files = {"bindings/kotlin/project.json": project, "libs/user/src/assets/i18n/en.json": "{}\n"}
    doc = (
        "# Kotlin\n\n"
        "Bundles: `assets/i18n/user/`; config: `assets/deployment/app-config.json`.\n"
        "Stale: `assets/i18n/gone/`.\n"
    )
    assert _lines(repo, doc, files) == [4]


@pytest.mark.parametrize(
    ("text", "lines"),
    [
        ("`/:zone/arag/:agent` redirects to `./workflows`.", []),
        ("Each app declares its routes (dashboard uses `user/login-redirect`).", []),
        ("Routes live in `src/routes/gone.ts`.", [3]),  # a file: still a path
        ("The `user/login-redirect` component.", [3]),  # no route said: a path
        ("API routes are defined in `src/server/routes/`.", [3]),  # spelled as a folder: a path
    ],
    ids=["redirects-to", "routes", "file-on-a-routes-line", "no-route", "folder-on-a-routes-line"],
)
def test_words_on_a_line_about_routes_are_url_paths(repo: Repo, text: str, lines: list[int]) -> None:
    files = {"bindings/kotlin/src/routes/home.ts": "x\n", "bindings/kotlin/user/x.ts": "x\n"}
    assert _lines(repo, f"# Kotlin\n\n{text}\n", files) == lines


@pytest.mark.parametrize(
    ("text", "lines"),
    [
        ("- picks the analyzer by media type prefix: `audio/` → `prebuilt-audio`,\n  `video/` → `prebuilt-video`", []),
        ("- `audio/` holds the sounds,\n  `video/` the clips", [3, 4]),  # layout entries: folders
    ],
    ids=["media-type", "layout-entry"],
)
def test_a_mime_type_s_first_half_is_no_folder(repo: Repo, text: str, lines: list[int]) -> None:
    assert _lines(repo, f"# Kotlin\n\n{text}\n") == lines


def test_a_build_s_asset_folder_does_not_hide_the_sources_own_paths(repo: Repo) -> None:
    # A build that copies into ``bindings`` says nothing of what the sources' ``bindings/`` hold.
    project = '{"targets": {"build": {"options": {"assets": [{"input": "libs/x", "output": "bindings"}]}}}}'
    files = {"apps/web/project.json": project, "libs/x/a.txt": "x\n"}
    doc = "# Kotlin\n\nThe logo: `bindings/kotlin/assets/logo.png`.\n"
    assert _lines(repo, doc, files) == [3]


@pytest.mark.parametrize(
    ("text", "lines"),
    [
        ("The runtime (`include/verilated.h/.cpp`) ships to users.", []),
        ("Headers: `include/verilated.h/.cpp/.hpp`.", [3]),  # no ``verilated.hpp``: one spelling is gone
        ("The runtime (`include/gone.h/.cpp`) ships to users.", [3]),
        ("`include/verilated.cpp/h`: the runtime.", []),  # bluebubbles: `splash_screen.cc/h`
        ("`include/verilated.cpp/hpp`: the runtime.", [3]),
        ("`include/server.h/c++`: the server.", []),  # workerd: C++ sources end in ``.c++``
        ("`include/server.h/c++/hpp`: the server.", [3]),
    ],
    ids=["both-there", "one-gone", "none-there", "no-dot", "no-dot-one-gone", "plus", "plus-one-gone"],
)
def test_a_name_with_its_other_extensions_is_each_spelling(repo: Repo, text: str, lines: list[int]) -> None:
    # verilator: ``verilated.h/.cpp`` names ``verilated.h`` and ``verilated.cpp``.
    files = {"include/verilated.h": "x\n", "include/verilated.cpp": "x\n"}
    files |= {"include/server.h": "x\n", "include/server.c++": "x\n"}
    assert _lines(repo, f"# Kotlin\n\n{text}\n", files) == lines


@pytest.mark.parametrize(
    ("text", "lines"),
    [
        ("- SCSS: `scss/comments/4878.scss`, `scss/map/function-argument/functional-argument.scss`", []),
        ("- SCSS: `scss/comments/4878.scss`", [3]),  # alone, its folders are the repository's: said
        ("- `scss/comments/4878.scss`, `lib/map/function-argument/functional-argument.scss`", [3]),
    ],
    ids=["listed-with-upstream", "alone", "other-first-part"],
)
def test_a_path_listed_with_another_codebase_s_files_is_theirs(repo: Repo, text: str, lines: list[int]) -> None:
    # oxc: Prettier's suite files, listed together; ``scss/`` and ``comments/`` are folders here too.
    files = {"fixtures/scss/a.scss": "x\n", "apps/lint/comments/b.js": "x\n"}
    assert _lines(repo, f"# Kotlin\n\n{text}\n", files) == lines


@pytest.mark.parametrize(
    ("text", "lines"),
    [
        ("| Desktop | `composeApp/desktopMain` |", []),
        ("Shared code: `composeApp/commonMain/kotlin/App.kt`.", []),
        ("| Linux | `composeApp/linuxMain` |", [3]),  # no such source set
        ("Samples: `samples/desktopMain`.", [3]),  # no build script: ``src/`` is not implied
    ],
    ids=["source-set", "file-in-source-set", "no-source-set", "not-a-gradle-module"],
)
def test_a_gradle_module_s_source_set_is_named_without_src(repo: Repo, text: str, lines: list[int]) -> None:
    # TwoFac: Kotlin Multiplatform's docs name ``composeApp/src/desktopMain`` ``composeApp/desktopMain``.
    files = {
        "composeApp/build.gradle.kts": "x\n",
        "composeApp/src/desktopMain/kotlin/Main.kt": "x\n",
        "composeApp/src/commonMain/kotlin/App.kt": "x\n",
        "samples/src/desktopMain/a.kt": "x\n",
    }
    assert _lines(repo, f"# Kotlin\n\n{text}\n", files) == lines


def test_a_path_differing_only_in_case_is_named(repo: Repo) -> None:
    # workers-sdk: ``.github/PULL_REQUEST_TEMPLATE.md`` of ``.github/pull_request_template.md``.
    r = repo(
        {**FILES, ".github/pull_request_template.md": "x\n", "AGENTS.md": "Use `.github/PULL_REQUEST_TEMPLATE.md`.\n"}
    )
    [finding] = r.findings("missing-path")
    assert ".github/pull_request_template.md differs only in case" in finding.message
    assert "point it at .github/pull_request_template.md" in (finding.fix or "")


def test_a_path_into_a_submodule_is_another_repositorys(repo: Repo) -> None:
    # amiberry: ``libretro/libretro-common`` is a submodule; git will not say whether a path in it
    # is ignored ("Pathspec is in submodule"), and its files are not this repository's.
    r = repo({**FILES, "AGENTS.md": "See `lib/sub/test/x.c` and `scripts/gone/build-core.sh`.\n"})
    head = r.git("rev-parse", "HEAD").strip()
    r.git("update-index", "--add", "--cacheinfo", f"160000,{head},lib/sub")  # not checked out
    r.git("commit", "-q", "-m", "submodule")
    assert [f.message for f in r.findings("missing-path")] == [
        "`scripts/gone/build-core.sh` does not exist (in the repository)"
    ]


@pytest.mark.parametrize(
    ("text", "lines"),
    [
        # the repository's own name first, as the checkout's parent folder sees it
        ("**Location**: `monorepo/bindings/flutter/lib/`", []),
        ("Then regenerate `acme/scripts/build-core.sh`.", []),
        # the checkout's own folder's name, though a folder of that name lies deeper
        ("**Location**: `repo/bindings/flutter/lib/`", []),
        # the stale path beside it still is one
        ("Then see `monorepo/scripts/types.dart`.", [3]),
        # a first part the repository has: a real folder whose path is wrong
        ("Run `bindings/scripts/build-core.sh`.", [3]),
        # one part after it: too little to tell
        ("See `acme/scripts/`.", [3]),
    ],
    ids=["location", "regenerate", "checkout-name", "stale-after-the-name", "known-first-part", "one-part-after"],
)
def test_a_path_written_from_above_the_checkout(repo: Repo, text: str, lines: list[int]) -> None:
    files = {"tools/repo/x.txt": "x\n"}  # the repository also has a folder named as its checkout
    assert _lines(repo, f"# Kotlin\n\n{text}\n", files) == lines


@pytest.mark.parametrize(
    ("text", "lines"),
    [
        # a number or a name the reader fills in, inside a file's name
        ("Never edit a migration. Add a numbered\n`migrations/NNN_description.sql` file.", []),
        ("Add `scripts/device/virtio_xxx.hpp` and register it.", []),
        ("Copy `scripts/XXX-build.sh` for a new target.", []),
        # two x's for a name, as a Chinese-speaking team writes it (某某)
        ("1. `src/services/xx-service.ts` registers the endpoints.\n- Data shape → `src/models/xx.ts`", []),
        # a program's variable for its own folder, not a folder of the repository
        ("- `darwin` → `__dirname/tor/tor-mac/tor/tor`", []),
        ("- `linux` → `__dirname/tor/README.md`", []),
        # a real name that merely holds those letters is still checked
        ("See `scripts/annex-build.sh`.", [3]),
        ("See `scripts/xxhash.sh` and `scripts/box-xx1.sh`.", [3, 3]),
    ],
    ids=["nnn", "xxx", "upper-xxx", "two-x", "dirname", "dirname-file", "not-a-placeholder", "not-two-x"],
)
def test_a_placeholder_inside_a_name_is_no_path(repo: Repo, text: str, lines: list[int]) -> None:
    files = {"migrations/001_init.sql": "x\n", "scripts/device/virtio.hpp": "x\n", "tor/README.md": "x\n"}
    assert _lines(repo, f"# Kotlin\n\n{text}\n", files) == lines


@pytest.mark.parametrize(
    ("text", "lines"),
    [
        # a line about how names are spelled: its paths are examples of the spelling
        ("## Naming\n\n- **Directories**: lowercase with dashes (`components/auth-wizard/`)", []),
        (
            "Icons live in `bindings/flutter/lib/`. Two casing rules coexist: `core/icon-name.svg`\n"
            "(kebab) vs. `collection/Name.svg` (PascalCase).",
            [],
        ),
        ("Files use snake_case, as `foundation/bridge/cpp_bridge_util.kt`.", []),
        # a line that only happens to hold a stale path
        ("- See `foundation/bridge/gone.kt` for the bridge.", [3]),
        # the sentence before spoke of names; this one names a file
        ("Fields are in snake_case, as the spec says.\n`foundation/bridge/gone.kt` is the port.", [4]),
    ],
    ids=["lowercase-with-dashes", "casing", "snake-case", "plain-line", "sentence-before"],
)
def test_a_path_showing_how_names_are_spelled_is_an_example(repo: Repo, text: str, lines: list[int]) -> None:
    assert _lines(repo, f"# Kotlin\n\n{text}\n") == lines


@pytest.mark.parametrize(
    ("text", "lines"),
    [
        # where a build copies a folder to: made by the copy, in another program's tree
        ("Webpack copies `scripts/` to `assets/static/assets/scripts/` in Android assets.", []),
        ("- `lib/` is copied to `assets/static/lib/` by the Android build.", []),
        ("The plugin copies `lib/core/` into `out/web/core/`.", []),
        # what it copies from must be there
        ("Webpack copies `scripts/gone/` to `assets/static/assets/scripts/`.", [3]),
        # what a build makes of it
        ("**Path rename**: `lib/` becomes `assets/lib/` in the Android assets.", []),
        # a table's column of what the copy makes; the source column is still checked
        (
            "| Source | Destination (in `android/assets/`) | Notes |\n| --- | --- | --- |\n"
            "| `scripts/` | `static/assets/scripts` | renamed |\n| `scripts/gone/` | `static/gone` | x |",
            [6],
        ),
    ],
    ids=["copies-to", "is-copied-to", "copies-into", "the-source-is-checked", "becomes", "destination-column"],
)
def test_where_a_copy_goes_is_made_by_the_copy(repo: Repo, text: str, lines: list[int]) -> None:
    assert _lines(repo, f"# Kotlin\n\n{text}\n") == lines


@pytest.mark.parametrize(
    ("text", "lines"),
    [
        # what the doc tells the reader, or a program, to generate
        ("4. Set up the integration:\n   - Generate `.claude/agents/helper.md` agent", []),
        # an example of what to make
        ("1. Create a new example in `bindings/` (e.g., `bindings/starter-full`)", []),
        ("Add a new script, for example `scripts/build-web.sh`.", []),
        # a path the doc marks as on its way out
        ("- `bindings/mcp`: **DEPRECATED** - moved to the core package", []),
        # an example of something else is still checked
        ("See the bindings (e.g., `bindings/kotlin/gone.kt`).", [3]),
        # where a rule puts a kind of file once one is made
        ("- `webhooks` components must be in the `bindings/webhooks` directory", []),
        ("- Migrations should be placed under `bindings/migrations/`.", []),
        ("- Integration tests use TestKit — place test fixtures in\n  `bindings/kotlin/src/test/resources/`.", []),
        # what a line says is there is still checked, beside a rule on where files go
        ("- Cards must be in `bindings/cards`; the shared card lives in `bindings/kotlin/gone.kt`.", [3]),
    ],
    ids=[
        "generate",
        "example-of-what-to-create",
        "for-example",
        "deprecated",
        "example-of-a-reference",
        "must-be-in",
        "should-be-placed-under",
        "place-them-in",
        "a-claim-beside-the-rule",
    ],
)
def test_a_path_to_be_made_or_on_its_way_out(repo: Repo, text: str, lines: list[int]) -> None:
    assert _lines(repo, f"# Kotlin\n\n{text}\n") == lines


@pytest.mark.parametrize(
    ("text", "lines"),
    [
        # a build's output, named without an extension on a line that calls it a binary
        ("Three test kinds. Test binary: `scripts/unit_test/unit-test`.", []),
        # a script whose name says binary is still a script
        ("Run `scripts/build-binary.sh` first.", [3]),
        # a folder on a line about binaries is no binary
        ("The binary reads `scripts/gone.sh`.", [3]),
    ],
    ids=["test-binary", "script-named-binary", "file-with-an-extension"],
)
def test_a_binary_a_build_makes_is_not_stale(repo: Repo, text: str, lines: list[int]) -> None:
    assert _lines(repo, f"# Kotlin\n\n{text}\n") == lines


# A C++ project whose build fetches a library (its headers are no file of the repository) and
# keeps a Rust crate of the library's name beside the doc: ``kj/`` is a folder here too.
_INCLUDING = {
    "src/rust/kj/macros.rs": "x\n",
    "src/rust/cxx/promise.c++": '#include <kj/debug.h>\n#include "kj/async.h"\n#include <kj/common.h>\n',
    "src/rust/cxx/bridge.h": "#pragma once\n",
}


@pytest.mark.parametrize(
    ("text", "lines"),
    [
        # a dependency's header, as the code's #include spells it (either quote)
        ("These mirror the macros from `kj/debug.h`; see `kj/macros.rs`.", []),
        ("Awaiting goes through `kj/async.h`.", []),
        # a header no #include names is still checked, beside one that is
        ("The macros live in `kj/debug.h` and `kj/gone.h`.", [3]),
        # a header the code includes, written from a folder: a place, and checked there
        ("See `./kj/common.h` for the types.", [3]),
        # the same name in prose only (a doc's text is no #include)
        ("Read `kj/prose-only.h`.", [3]),
    ],
    ids=["angle-include", "quote-include", "unincluded-beside", "written-from-a-folder", "prose-only"],
)
def test_a_header_the_code_includes_is_the_builds(repo: Repo, text: str, lines: list[int]) -> None:
    docs = {"src/rust/AGENTS.md": f"# Rust\n\n{text}\n", "docs/notes.md": "`#include <kj/prose-only.h>`\n"}
    r = repo({"AGENTS.md": "# Root\n", **_INCLUDING, **docs})
    assert [f.line for f in r.findings("missing-path") if f.file == "src/rust/AGENTS.md"] == lines
