# Production image: the server bundle and its runtime dependencies on Node.js 24.
# Build:  docker build -t lisanga-site .
# Run:    see deploy/compose.yaml and docs/operations.md.

FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# The changes to dependencies that `npm install` applies (patch-package, docs/decisions/120).
COPY patches ./patches
# `npm install` with the committed lockfile (see docs/operations.md for why not `npm ci`).
RUN npm install --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:24-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY patches ./patches
RUN npm install --omit=dev --no-audit --no-fund

FROM node:24-bookworm-slim
# pg_dump and pg_restore for the built-in backups (docs/decisions/099-backups.md), of the same major
# version as the PostgreSQL server of deploy/compose.yaml (16): PostgreSQL's own Debian repository.
RUN apt-get update \
 && apt-get install -y --no-install-recommends ca-certificates postgresql-common \
 && /usr/share/postgresql-common/pgdg/apt.postgresql.org.sh -y \
 && apt-get install -y --no-install-recommends postgresql-client-16 \
 && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY package.json ./
COPY db/migrations ./db/migrations
# Named volumes take these folders' owner: the node user writes the data, the images and the backups.
RUN mkdir -p /data /media /backups && chown node:node /data /media /backups
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=3s --start-period=60s \
  CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# V8 flags: server/node-flags.ts (a young generation sized for bursts, decision 123).
CMD ["node", "--min-semi-space-size=64", "build/server/index.js"]
