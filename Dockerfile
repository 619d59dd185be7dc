# syntax=docker/dockerfile:1
# Amarre's container: the app built in one stage, its runtime folder (`npm run release`) copied
# into a slim Node 24 image that runs it as a non-root user on $PORT (docs/deploy.md).
# Both stages are Debian bookworm with the same Node, so the native packages built or chosen in
# the first (better-sqlite3, sharp) load in the second.

FROM node:24-bookworm AS build
WORKDIR /src
# The compiler toolchain is in this image already (node-gyp, if a package must build from source).
COPY package.json package-lock.json ./
COPY app/framework/patches ./app/framework/patches
# `npm ci` refuses lockfiles written against some registries; `npm install` keeps this one.
RUN npm install --no-audit --no-fund
COPY . .
# The commit the operations page shows (.git is not sent to the build): --build-arg APP_COMMIT=$(git rev-parse HEAD)
ARG APP_COMMIT=""
RUN APP_COMMIT="$APP_COMMIT" npm run build && node scripts/release.js /app

FROM node:24-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    DATA_DIR=/data
# Not METADATA_SERVER_DETECTION=none: on Cloud Run firebase-admin takes its credentials from the
# metadata server (the service's account). Outside Google Cloud, set it when running the image.
WORKDIR /app
# `node` (uid 1000) is the images' own unprivileged user; the embedded backend writes only /data.
RUN mkdir -p /data && chown node:node /data
COPY --from=build --chown=root:root /app /app
USER node
EXPOSE 8080
# Node itself is process 1: it receives SIGTERM from Cloud Run (or `docker stop`) and server.ts
# closes the listener, lets requests finish (at most 5 s) and closes the stores before exiting 0.
CMD ["node", "build/server/server.js"]
