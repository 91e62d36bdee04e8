# Land Units in a container (docs/decisions/0044-container-image.md, docs/operations.md "Deploy in
# containers"), on the official Node 20 image (Debian 12, slim):
# - dependencies: every package (`npm ci`), for the build;
# - builder: the sources and `npm run build` (the web app, then the API);
# - production-dependencies: the production packages alone (`npm ci --omit=dev`), the base of the
#   image;
# - the image: those, and what the build made, run by node as the `node` user.
# Both installs depend on the package files alone, so a change to the sources reuses them.
#
#   podman build --format docker -t landunits .     (or: docker build -t landunits .)
#
# Behind a proxy that re-signs TLS, give npm its certificate authority as a build secret:
#   --secret id=npm_ca_certs,src=/path/to/ca-certificates.crt
ARG NODE_IMAGE=docker.io/library/node:20-bookworm-slim

# Every stage is labelled landunits.stage, so the smoke test (deploy/container/smoke.sh) can remove
# the untagged layers of earlier builds, and only those, from podman's storage.

# The package files of the workspace, laid out as in the repository (one layer for the installs).
FROM scratch AS package-files
LABEL landunits.stage=package-files
COPY package.json package-lock.json .npmrc /
COPY apps/api/package.json /apps/api/
COPY apps/web/package.json /apps/web/
COPY packages/domain/package.json /packages/domain/

# argon2's prebuilt binary asks for Node-API 10, one more than Node 20 has: loading it crashes, so
# npm compiles argon2, with python3, make and g++ and Node's headers from the image
# (npm_config_nodedir), not downloaded. npm's downloads are kept in a cache between builds.
FROM ${NODE_IMAGE} AS dependencies
LABEL landunits.stage=dependencies
WORKDIR /app
COPY --from=package-files / /app/
RUN --mount=type=cache,target=/root/.npm,sharing=locked \
    --mount=type=secret,id=npm_ca_certs \
    apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/* \
 && if [ -f /run/secrets/npm_ca_certs ]; then export NODE_EXTRA_CA_CERTS=/run/secrets/npm_ca_certs; fi \
 && npm_config_nodedir=/usr/local npm ci --no-audit --no-fund --prefer-offline

FROM dependencies AS builder
LABEL landunits.stage=builder
COPY . .
# The build, then what the image takes from it gathered in /out, in the same layer: the API's build
# folder becomes apps/api/dist itself (no link to follow), beside the web app and its server renderer.
RUN npm run build \
 && mkdir -p /out/apps/api /out/apps/web \
 && mv "apps/api/$(readlink apps/api/dist)" /out/apps/api/dist \
 && mv apps/web/dist apps/web/dist-server /out/apps/web/

# The production packages, installed where the image runs them: the compiler is removed in the same
# layer, so the image never carries it. Copying node_modules from another stage instead would make
# every build read all of it again to see whether it changed.
FROM ${NODE_IMAGE} AS production-dependencies
LABEL landunits.stage=production-dependencies
# The folder for files kept on disk (DATA_DIR/files when no S3 bucket is set, or the embedded
# database of a single instance), owned by the user the server runs as: mount a volume on it.
RUN mkdir -p /var/lib/landunits && chown node:node /var/lib/landunits
WORKDIR /app
COPY --from=package-files / /app/
RUN --mount=type=cache,target=/root/.npm,sharing=locked \
    --mount=type=secret,id=npm_ca_certs \
    apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && if [ -f /run/secrets/npm_ca_certs ]; then export NODE_EXTRA_CA_CERTS=/run/secrets/npm_ca_certs; fi \
 && npm_config_nodedir=/usr/local npm ci --omit=dev --no-audit --no-fund --prefer-offline \
 && apt-get purge -y --auto-remove python3 make g++ \
 && rm -rf /var/lib/apt/lists/* /var/log/apt/* /var/log/dpkg.log /tmp/*

FROM production-dependencies
LABEL landunits.stage=image \
      org.opencontainers.image.title="Land Units" \
      org.opencontainers.image.description="Buy, sell, transfer, convert and schedule transfers of Units backed by sustainably managed land."
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/var/lib/landunits
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# node is process 1 and receives SIGTERM itself: it drains, finishes requests and jobs, closes the
# database and exits 0 (give the runtime a stop timeout above DRAIN_DELAY_MS + 10 s).
CMD ["node", "apps/api/dist/server.mjs"]
# Last, as the only layer a change to the sources makes: the build, owned by root like the packages
# (the server reads them but cannot change them). The server finds the migrations, the PDF render
# thread and the web app from its own file's place, and the PDF fonts in node_modules;
# apps/web/package.json, from the package files, makes the server renderer an ES module.
COPY --from=builder /out /app
