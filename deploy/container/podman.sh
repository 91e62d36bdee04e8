# Sourced by build-base-image.sh and smoke.sh: podman as this repository's machines run it.
# - The settings of containers.conf, beside this file, unless CONTAINERS_CONF names others.
# - Podman's own choice of storage driver (overlay where the kernel allows it, otherwise another
#   such as vfs, or the one its storage was made with), unless PODMAN_STORAGE_DRIVER names one.
#   vfs works on any file system but copies the whole file tree at every layer: builds take about
#   three times as long. Podman refuses a driver other than the one its storage was made with.
# Images and the build's npm cache stay between runs, so later builds reuse the dependency layers.
container_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
export CONTAINERS_CONF="${CONTAINERS_CONF:-$container_dir/containers.conf}"
if [ -n "${PODMAN_STORAGE_DRIVER:-}" ]; then
  podman() { command podman --storage-driver "$PODMAN_STORAGE_DRIVER" "$@"; }
else
  podman() { command podman "$@"; }
fi

# The tag the Dockerfile builds from; build-base-image.sh makes a stand-in when it cannot be pulled.
BASE_IMAGE=docker.io/library/node:20-bookworm-slim
