import { defineServer, tool } from "./define-server.js";
import { bool, int, list, oneOf, str, stringMap } from "./schema.js";

const container = str("Container ID or name.");

const tools = [
  tool(
    "list_containers",
    "List Docker containers with image, status, ports and names. Only running ones unless `all` is set.",
    {
      "all?": bool("Include stopped containers."),
      "filters?": stringMap('Docker filters, e.g. {"status": "exited", "label": "env=dev"}.'),
    },
  ),
  tool(
    "run_container",
    "Create and start a Docker container from an image, with ports, environment variables, volumes and restart policy. Returns the container ID; pulls the image first if it is not present.",
    {
      image: str("Image reference, e.g. `postgres:16`."),
      "name?": str("Container name."),
      "ports?": stringMap('Container port → host port, e.g. {"5432/tcp": "5433"}.'),
      "env?": stringMap("Environment variables."),
      "volumes?": list(str("`host_path:container_path[:ro]`."), "Bind mounts or named volumes."),
      "command?": list(str("Argument."), "Override the image command."),
      "detach?": bool("Run in the background.", { default: true }),
      "restart_policy?": oneOf(["no", "on-failure", "always", "unless-stopped"], "Restart policy."),
    },
  ),
  tool(
    "stop_container",
    "Stop a running Docker container, sending SIGTERM then SIGKILL after a timeout. The container is kept and can be started again.",
    {
      container,
      "timeout_seconds?": int("Seconds before SIGKILL.", { default: 10 }),
    },
  ),
  tool(
    "remove_container",
    "Remove a Docker container; `force` kills it first if running. Named volumes are never removed.",
    {
      container,
      "force?": bool("Kill before removing."),
      "remove_volumes?": bool("Also remove anonymous volumes."),
    },
  ),
  tool(
    "container_logs",
    "Fetch stdout/stderr logs of a Docker container, optionally only the tail or since a time. Works for stopped containers as well as running ones.",
    {
      container,
      "tail?": int("Number of lines from the end."),
      "since?": str("RFC 3339 time or relative like `10m`."),
      "timestamps?": bool("Prefix lines with timestamps."),
    },
  ),
  tool(
    "inspect_container",
    "Return low-level information on a Docker container: config, state, mounts, network settings and health. The output is the raw JSON from the Docker Engine API.",
    { container },
  ),
  tool(
    "exec_in_container",
    "Run a command in a running Docker container and return its output and exit code. The container must be running.",
    {
      container,
      command: list(str("Argument."), "Command and args."),
      "workdir?": str("Working directory inside the container."),
      "user?": str("User to run as."),
    },
  ),
  tool(
    "list_images",
    "List local Docker images with repository, tag, ID, size and creation time. Intermediate build stages are hidden.",
    {
      "dangling?": bool("Only untagged images."),
      "reference?": str("Filter by reference pattern, e.g. `node:*`."),
    },
  ),
  tool(
    "pull_image",
    "Pull an image from a registry such as Docker Hub or GHCR. Private registries need `docker login` on the host first.",
    {
      image: str("Image reference with optional tag or digest."),
      "platform?": str("e.g. `linux/arm64`."),
    },
  ),
  tool(
    "build_image",
    "Build a Docker image from a Dockerfile in a context directory and tag it. Build output is streamed back as log lines.",
    {
      context_path: str("Build context directory."),
      tag: str("Tag for the resulting image."),
      "dockerfile?": str("Dockerfile path relative to the context.", { default: "Dockerfile" }),
      "build_args?": stringMap("Build-time variables."),
      "no_cache?": bool("Do not use the layer cache."),
    },
  ),
  tool(
    "prune",
    "Remove unused Docker data: stopped containers, dangling images, unused networks and optionally volumes and build cache. Reports space reclaimed.",
    {
      "targets?": list(
        oneOf(["containers", "images", "networks", "volumes", "build_cache"], "What to prune."),
        "Defaults to everything but volumes.",
      ),
    },
  ),
  tool(
    "create_network",
    "Create a Docker network for containers to talk to each other by name. Containers attach to it with the network option of run_container.",
    {
      name: str("Network name."),
      "driver?": oneOf(["bridge", "overlay", "macvlan"], "Network driver.", { default: "bridge" }),
    },
  ),
];

export const docker = defineServer("docker", tools, {
  direct: {
    list_containers: [
      "list all docker containers including stopped ones",
      "what containers are running locally right now",
    ],
    run_container: ["run a postgres:16 docker container on port 5433 with POSTGRES_PASSWORD set"],
    container_logs: ["show the last 100 log lines of the api docker container"],
    build_image: ["build a docker image from ./service tagged acme/service:dev"],
    pull_image: ["pull the redis:7-alpine image"],
    stop_container: ["stop the api docker container gracefully"],
    create_network: ["create a docker network called backend for the api and db containers"],
    prune: ["prune unused docker images and build cache", "my laptop disk is full from docker junk, clean it up"],
  },
  paraphrase: {
    run_container: ["spin up a throwaway postgres 16 on 5433 for local dev"],
    remove_container: ["get rid of the exited api-old box on my laptop entirely"],
    inspect_container: ["what ip and volumes does my local web box have"],
    exec_in_container: ["drop into my local api box and print its env vars"],
    list_images: ["which node base layers have I pulled, and how big are they"],
  },
});
