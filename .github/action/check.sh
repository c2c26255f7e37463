#!/usr/bin/env bash
# The action's check step: judge the pull request's change (or, on a push, the whole repository),
# annotate the findings, write SARIF and the job summary. The step itself never fails, so that the
# SARIF upload runs; the verdict step exits with check's code.
set -uo pipefail

base="${INPUT_BASE:-}"
if [ -z "$base" ] && [ -n "${PR_BASE_REF:-}" ]; then
  base="origin/$PR_BASE_REF"
  if ! git rev-parse --verify --quiet "$base^{commit}" >/dev/null; then
    git fetch --quiet --no-tags origin "+refs/heads/$PR_BASE_REF:refs/remotes/origin/$PR_BASE_REF" || true
  fi
fi
if [ -n "$base" ] && [ "$(git rev-parse --is-shallow-repository 2>/dev/null)" = "true" ]; then
  # The merge base must be in the clone: fetch the history (actions/checkout fetches one commit).
  git fetch --quiet --no-tags --unshallow origin || true
fi

sarif="${RUNNER_TEMP:-/tmp}/agents-md.sarif"
args=(check --format github --sarif-file "$sarif")
[ -n "${GITHUB_STEP_SUMMARY:-}" ] && args+=(--summary-file "$GITHUB_STEP_SUMMARY")
[ -n "$base" ] && args+=(--base "$base")
[ "${INPUT_STRICT:-false}" = "true" ] && args+=(--strict)
# INPUT_ARGS is split on white space, as a workflow's `args:` line reads.
read -r -a extra <<< "${INPUT_ARGS:-}"

agents-md "${args[@]}" "${extra[@]}"
code=$?
{
  [ -f "$sarif" ] && echo "sarif-file=$sarif"
  echo "exit-code=$code"
} >> "${GITHUB_OUTPUT:-/dev/null}"
exit 0
