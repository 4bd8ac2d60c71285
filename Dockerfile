# Parley: one self-contained binary (web client, migrations and PGlite embedded) on a slim base.
# Build:  docker build -t parley .
# Run:    docker run -p 3000:3000 -v parley-data:/data parley

FROM oven/bun:1.4.4 AS build
WORKDIR /src
COPY package.json bun.lock ./
RUN bun install --frozen-lockfile
COPY . .
RUN bun run build:binary

FROM debian:bookworm-slim
RUN groupadd --system --gid 10001 parley \
 && useradd --system --uid 10001 --gid parley --home-dir /data --shell /usr/sbin/nologin parley \
 && mkdir /data && chown parley:parley /data
COPY --from=build /src/dist/parley /usr/local/bin/parley
ENV DATA_DIR=/data PORT=3000 HOST=0.0.0.0 NODE_ENV=production
VOLUME ["/data"]
EXPOSE 3000
USER parley
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 CMD ["/usr/local/bin/parley", "healthcheck"]
CMD ["/usr/local/bin/parley"]
