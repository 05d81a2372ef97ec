# sentry-mcp remote service: `serve` on port 6420. See docs/deployment.md.
# Build: docker build -t sentry-mcp .

FROM node:20-bookworm-slim AS build
WORKDIR /app
# Toolchain only for the build stage, in case better-sqlite3 has no prebuilt binary to download.
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json rolldown.config.mjs ./
COPY src ./src
COPY sandbox ./sandbox
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 6420
HEALTHCHECK --interval=30s --timeout=5s --start-period=10s \
  CMD ["node", "-e", "fetch('http://127.0.0.1:6420/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
ENTRYPOINT ["node", "dist/src/cli/index.js"]
CMD ["serve", "--bind", "0.0.0.0", "--port", "6420"]
