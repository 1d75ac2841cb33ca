# Folio: multi-stage build — the React app, then one static Go binary, then a small runtime.
# docker build -t folio . && docker run -p 8090:8090 -v folio-data:/pb_data folio

FROM node:20-bookworm-slim AS web
WORKDIR /src/frontend
COPY frontend/package.json frontend/package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY frontend/ ./
RUN mkdir -p /src/pb_public && npm run build

FROM golang:1.27-bookworm AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
COPY --from=web /src/pb_public ./pb_public
RUN CGO_ENABLED=0 go build -trimpath -ldflags="-s -w" -o /out/folio .

FROM gcr.io/distroless/static-debian12
COPY --from=build /out/folio /folio
VOLUME /pb_data
EXPOSE 8090
ENTRYPOINT ["/folio"]
CMD ["serve", "--http=0.0.0.0:8090", "--dir=/pb_data"]
