#!/usr/bin/env bash
# The container image's smoke test (npm run container:smoke; CI's "container image" step; decision
# 0044). It builds the image from the working tree and runs it as production would, on PostgreSQL:
# - the base image (docker.io/library/node:20-bookworm-slim), with build-base-image.sh when missing;
# - the image, tagged landunits:local (the dependency layers come from podman's cache when the
#   package files have not changed);
# - a new database on the local PostgreSQL (SMOKE_POSTGRES_URL, default
#   postgres://postgres@127.0.0.1:5432), and an SMTP sink on this machine (/readyz greets the mail
#   server);
# - the image run with the production settings, on the host's network: /readyz answers 200;
# - the first admin made by the image's admin-create.mjs, who signs in through the API as a browser
#   behind the TLS proxy would (Origin of PUBLIC_URL, X-Forwarded-Proto: https): 200 and a Secure
#   session cookie;
# - the home page is rendered on the server, and the 2025 report's PDF is drawn (the web build,
#   React and pdfkit are in the image);
# - the server runs as a user other than root, and the image's HEALTHCHECK passes;
# - SIGTERM: the server drains and exits 0, with its clean stop in the log.
# The container, the database and the SMTP sink are removed at the end, also on failure. Each
# phase's time is printed.
set -euo pipefail
cd "$(dirname "$0")/../.."
source deploy/container/podman.sh

IMAGE="${IMAGE:-landunits:local}"
POSTGRES_URL="${SMOKE_POSTGRES_URL:-postgres://postgres@127.0.0.1:5432}"
SITE=https://landunits.example
ADMIN_EMAIL=owner@landunits.example
ADMIN_PASSWORD='a long owner passphrase 42'
database="landunits_smoke_$$"
container="landunits-smoke-$$"
work="$(mktemp -d)"

started=$SECONDS
phase_name=''
phase_started=$SECONDS
timings=()
end_phase() {
  [ -n "$phase_name" ] || return 0
  timings+=("$(printf '%-34s %4ds' "$phase_name" $((SECONDS - phase_started)))")
  printf '<== %s: %ds\n' "$phase_name" $((SECONDS - phase_started))
  phase_name=''
}
phase() {
  end_phase
  phase_name="$*"
  phase_started=$SECONDS
  printf '==> %s\n' "$*"
}
fail() {
  printf 'FAILED: %s\n' "$*" >&2
  if podman container exists "$container" 2>/dev/null; then
    printf -- '--- the container'"'"'s log:\n' >&2
    podman logs "$container" 2>&1 | tail -n 40 >&2
  fi
  exit 1
}
sink_pid=''
database_made=false
cleanup() {
  local status=$?
  end_phase
  podman rm -f -t 0 "$container" >/dev/null 2>&1 || true
  [ -z "$sink_pid" ] || kill "$sink_pid" 2>/dev/null || true
  if $database_made; then psql "$POSTGRES_URL/postgres" -qAtc "drop database if exists $database with (force)" >/dev/null 2>&1 || true; fi
  rm -rf "$work"
  printf '\nContainer smoke test phases:\n'
  printf '  %s\n' "${timings[@]}"
  printf '  %-34s %4ds\n' 'total' $((SECONDS - started))
  [ "$status" -eq 0 ] && printf 'Container smoke test passed.\n' || printf 'Container smoke test FAILED.\n'
  exit "$status"
}
trap cleanup EXIT

free_port() { node -e 'const s = require("node:net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); });'; }

driver="$(podman info --format '{{.Store.GraphDriverName}}')"
echo "podman $(podman version --format '{{.Client.Version}}'), storage driver $driver"
[ "$driver" != vfs ] || echo "    (vfs copies every layer whole: a build takes 6 to 7 min instead of 0.5 to 3)"
phase "base image"
if podman image exists "$BASE_IMAGE"; then
  echo "$BASE_IMAGE is present."
else
  deploy/container/build-base-image.sh
fi

phase "image build"
# RUN steps get the machine's own open-file limit (podman's default for builds is 1024, too few
# for npm), and npm the certificate authority of a TLS-inspecting proxy when Node is given one here.
nofile="$(ulimit -Hn)"
[ "$nofile" = unlimited ] && nofile=1048576
build=(podman build --format docker --network=host --ulimit "nofile=$nofile:$nofile")
if [ -n "${NODE_EXTRA_CA_CERTS:-}" ] && [ -f "$NODE_EXTRA_CA_CERTS" ]; then build+=(--secret "id=npm_ca_certs,src=$NODE_EXTRA_CA_CERTS"); fi
# The install for the build is tagged, and the production install is the image's own base, so both
# stay as the next build's cache while the untagged layers of earlier builds are removed.
build_started=$SECONDS
"${build[@]}" --target dependencies -t localhost/landunits-cache:dependencies . >"$work/build.log" 2>&1 || {
  tail -n 60 "$work/build.log" >&2
  fail "the dependencies did not build (podman build)"
}
echo "    dependencies: $((SECONDS - build_started))s"
build_started=$SECONDS
"${build[@]}" -t "$IMAGE" . >"$work/build.log" 2>&1 || {
  tail -n 60 "$work/build.log" >&2
  fail "the image did not build (podman build)"
}
echo "    sources, build and image: $((SECONDS - build_started))s"
podman image prune -f --filter label=landunits.stage >/dev/null
podman image inspect --format '    {{.Id}}: {{.Size}} bytes, user {{.Config.User}}, healthcheck {{if .Config.Healthcheck}}set{{else}}MISSING{{end}}' "$IMAGE"
[ "$(podman image inspect --format '{{if .Config.Healthcheck}}yes{{end}}' "$IMAGE")" = yes ] || fail "the image has no HEALTHCHECK (build with --format docker)"

phase "database and SMTP sink"
if ! pg_isready -q -d "$POSTGRES_URL/postgres"; then fail "PostgreSQL does not answer at $POSTGRES_URL (set SMOKE_POSTGRES_URL)"; fi
psql "$POSTGRES_URL/postgres" -qAtc "create database $database" >/dev/null
database_made=true
smtp_port="$(free_port)"
# Enough SMTP for the readiness check (a greeting, EHLO, QUIT) and for any email sent meanwhile.
node -e '
  const server = require("node:net").createServer((socket) => {
    let data = false, buffer = "";
    socket.on("error", () => socket.destroy());
    socket.write("220 smoke ESMTP\r\n");
    socket.on("data", (chunk) => {
      buffer += chunk;
      for (let eol; (eol = buffer.indexOf("\r\n")) >= 0; ) {
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        if (data) { if (line === ".") { data = false; socket.write("250 queued\r\n"); } continue; }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === "EHLO") socket.write("250-smoke\r\n250 8BITMIME\r\n");
        else if (verb === "DATA") { data = true; socket.write("354 go on\r\n"); }
        else if (verb === "QUIT") { socket.end("221 bye\r\n"); }
        else socket.write("250 ok\r\n");
      }
    });
  });
  server.listen(Number(process.argv[1]), "127.0.0.1");' "$smtp_port" &
sink_pid=$!

phase "start to /readyz 200"
port="$(free_port)"
# The production settings (config-production.ts): PUBLIC_URL over https, SMTP_URL,
# FILE_ENCRYPTION_KEYS and LINK_SIGNING_SECRET; one proxy in front (TRUST_PROXY=1); files in the
# image's data folder; listening on this machine only.
cat >"$work/env" <<EOF
PUBLIC_URL=$SITE
TRUST_PROXY=1
HOST=127.0.0.1
PORT=$port
DATABASE_URL=$POSTGRES_URL/$database
SMTP_URL=smtp://127.0.0.1:$smtp_port
FILE_ENCRYPTION_KEYS=smoke:$(openssl rand -base64 32)
LINK_SIGNING_SECRET=$(openssl rand -base64 32)
EOF
# No healthcheck timer (--health-interval=disable): the check is run once, below. Without systemd
# podman reports that it cannot make a timer anyway; that message goes to a file.
podman run -d --name "$container" --network=host --env-file "$work/env" --health-interval=disable --stop-timeout 30 "$IMAGE" >/dev/null 2>"$work/run.err" || {
  cat "$work/run.err" >&2
  fail "podman run failed"
}
deadline=$((SECONDS + 60))
until [ "$(curl -s --max-time 20 -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port/readyz")" = 200 ]; do
  [ "$(podman inspect --format '{{.State.Running}}' "$container")" = true ] || fail "the server exited before it was ready"
  [ "$SECONDS" -lt "$deadline" ] || fail "/readyz did not answer 200 within 60 s: $(curl -s --max-time 20 "http://127.0.0.1:$port/readyz")"
  sleep 0.5
done
echo "    /readyz: $(curl -s --max-time 20 "http://127.0.0.1:$port/readyz")"

phase "first admin and sign-in"
podman exec "$container" node apps/api/dist/admin-create.mjs --email "$ADMIN_EMAIL" --password "$ADMIN_PASSWORD" | sed 's/^/    /'
status="$(curl -s --max-time 20 -o "$work/login.json" -D "$work/login.headers" -w '%{http_code}' "http://127.0.0.1:$port/api/auth/login" \
  -H 'content-type: application/json' -H "origin: $SITE" -H 'x-forwarded-proto: https' -H 'x-forwarded-for: 203.0.113.7' \
  --data "{\"email\":\"$ADMIN_EMAIL\",\"password\":\"$ADMIN_PASSWORD\"}")"
[ "$status" = 200 ] || fail "sign-in answered $status: $(cat "$work/login.json")"
grep -qiE '^set-cookie: lu_session=[^;]+;.*Secure' "$work/login.headers" || fail "sign-in set no Secure session cookie: $(grep -i '^set-cookie' "$work/login.headers" || echo none)"
echo "    POST /api/auth/login: 200, Secure session cookie set"

phase "a page and a PDF"
# The web app and its server renderer (React from the production node_modules), then the 2025
# report, a PDF drawn with pdfkit's built-in font (the documents drawn with the fonts in the render
# thread, pdf-worker.mjs, are not asked for here).
status="$(curl -s --max-time 20 -o "$work/home.html" -w '%{http_code}' "http://127.0.0.1:$port/")"
[ "$status" = 200 ] || fail "GET / answered $status"
grep -q '<div id="root"><' "$work/home.html" || fail "GET / was not rendered on the server (empty root element)"
status="$(curl -s --max-time 20 -o "$work/report.pdf" -w '%{http_code}' "http://127.0.0.1:$port/api/site/report-2025.pdf")"
[ "$status" = 200 ] && [ "$(head -c 5 "$work/report.pdf")" = '%PDF-' ] || fail "the 2025 report PDF answered $status"
echo "    GET /: 200, rendered on the server; the 2025 report: a PDF of $(wc -c <"$work/report.pdf") bytes"

phase "user and HEALTHCHECK"
# The server itself (process 1), not a new process started by exec.
uid="$(podman exec "$container" sed -n 's/^Uid:[[:space:]]*\([0-9]*\).*/\1/p' /proc/1/status)"
[ -n "$uid" ] && [ "$uid" != 0 ] || fail "the server runs as root (uid ${uid:-unknown})"
echo "    the server (process 1) runs as uid $uid"
podman healthcheck run "$container" >/dev/null || fail "the image's HEALTHCHECK failed"
echo "    HEALTHCHECK: healthy"

phase "SIGTERM to exit"
podman stop -t 30 "$container" >/dev/null 2>>"$work/run.err"
exit_code="$(podman inspect --format '{{.State.ExitCode}}' "$container")"
[ "$exit_code" = 0 ] || fail "the server exited with $exit_code on SIGTERM"
podman logs "$container" 2>&1 | grep -q '"msg":"stopped: requests and jobs finished, database closed"' || fail "the log has no clean stop line"
echo "    exit code 0, log: stopped: requests and jobs finished, database closed"
end_phase
