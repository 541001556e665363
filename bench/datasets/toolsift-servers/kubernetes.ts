import { defineServer, tool } from "./define-server.js";
import { bool, int, list, oneOf, str } from "./schema.js";

const namespace = str("Namespace.", { default: "default" });
const context = str("kubeconfig context to use; the current context when omitted.");

const tools = [
  tool(
    "list_pods",
    "List pods in a Kubernetes namespace with phase, readiness, restarts, node and age. Supports label and field selectors.",
    {
      "namespace?": namespace,
      "all_namespaces?": bool("List across all namespaces."),
      "label_selector?": str("e.g. `app=checkout,tier=web`."),
      "field_selector?": str("e.g. `status.phase=Failed`."),
      "context?": context,
    },
  ),
  tool(
    "get_pod_logs",
    "Fetch logs from a container in a Kubernetes pod, optionally from the previous (crashed) instance or only recent lines. Logs are returned as plain text, newest last.",
    {
      pod: str("Pod name."),
      "namespace?": namespace,
      "container?": str("Container name; required for multi-container pods."),
      "previous?": bool("Logs of the previous terminated container."),
      "tail_lines?": int("Only the last N lines."),
      "since_seconds?": int("Only logs newer than this."),
    },
  ),
  tool(
    "describe_pod",
    "Describe a Kubernetes pod like `kubectl describe`: containers, image, resource requests, probes, conditions and recent events. The events section usually explains pending or crash-looping pods.",
    {
      pod: str("Pod name."),
      "namespace?": namespace,
    },
  ),
  tool(
    "delete_pod",
    "Delete a Kubernetes pod; its controller (Deployment, StatefulSet) will normally recreate it. A bare pod without a controller is gone for good.",
    {
      pod: str("Pod name."),
      "namespace?": namespace,
      "grace_period_seconds?": int("Seconds to wait before killing; 0 forces."),
    },
  ),
  tool(
    "list_deployments",
    "List Deployments in a namespace with desired, ready, up-to-date and available replica counts and images. Rollouts in progress show fewer up-to-date replicas than desired.",
    {
      "namespace?": namespace,
      "label_selector?": str("Label selector."),
    },
  ),
  tool(
    "scale_deployment",
    "Scale a Kubernetes Deployment or StatefulSet to a given number of replicas. A HorizontalPodAutoscaler may override the count again.",
    {
      name: str("Deployment or StatefulSet name."),
      replicas: int("Desired replica count.", { minimum: 0 }),
      "kind?": oneOf(["Deployment", "StatefulSet"], "Workload kind.", { default: "Deployment" }),
      "namespace?": namespace,
    },
  ),
  tool(
    "rollout_restart",
    "Trigger a rolling restart of a Deployment, StatefulSet or DaemonSet so all pods are replaced gradually. Equivalent to `kubectl rollout restart`; it patches the pod template annotation.",
    {
      name: str("Workload name."),
      kind: oneOf(["Deployment", "StatefulSet", "DaemonSet"], "Workload kind."),
      "namespace?": namespace,
    },
  ),
  tool(
    "rollout_undo",
    "Roll a Kubernetes Deployment back to its previous revision, or to a specific revision. Only revisions still kept in the revision history can be restored.",
    {
      name: str("Deployment name."),
      "to_revision?": int("Revision number; previous when omitted."),
      "namespace?": namespace,
    },
  ),
  tool(
    "apply_manifest",
    "Apply a Kubernetes YAML manifest (one or more documents) with server-side apply, creating or updating the objects. Returns the resulting objects and whether each was created, configured or unchanged.",
    {
      manifest: str("YAML text."),
      "namespace?": namespace,
      "dry_run?": oneOf(["none", "server", "client"], "Validate without persisting."),
    },
  ),
  tool(
    "list_namespaces",
    "List the namespaces in the Kubernetes cluster with their status and labels. Namespaces being deleted show as Terminating.",
    { "context?": context },
  ),
  tool(
    "get_events",
    "List recent Kubernetes events in a namespace (warnings such as FailedScheduling, BackOff, OOMKilled), newest first. Kubernetes keeps events for about an hour by default.",
    {
      "namespace?": namespace,
      "involved_object?": str("Only events about this object name."),
      "type?": oneOf(["Normal", "Warning"], "Event type."),
    },
  ),
  tool(
    "exec_in_pod",
    "Run a command inside a running container of a Kubernetes pod and return stdout and stderr. The command runs without a TTY, so interactive programs will not work.",
    {
      pod: str("Pod name."),
      command: list(str("Argument."), 'Command and arguments, e.g. ["sh", "-c", "env"].'),
      "container?": str("Container name."),
      "namespace?": namespace,
    },
  ),
  tool(
    "top_pods",
    "Show CPU and memory usage of pods from the metrics server, sortable by either. Requires metrics-server to be installed in the cluster.",
    {
      "namespace?": namespace,
      "sort_by?": oneOf(["cpu", "memory"], "Sort field."),
    },
  ),
  tool(
    "list_services",
    "List Kubernetes Services with type, cluster IP, external IP and ports. LoadBalancer services show their external address once provisioned.",
    { "namespace?": namespace },
  ),
];

export const kubernetes = defineServer("kubernetes", tools, {
  direct: {
    list_pods: ["list pods in the payments namespace with label app=checkout"],
    get_pod_logs: ["get logs of the previous container in pod checkout-7d9f-x2 in kubernetes"],
    describe_pod: ["describe pod worker-5c8b in namespace jobs"],
    scale_deployment: ["scale deployment web to 6 replicas"],
    apply_manifest: ["apply this kubernetes manifest yaml for the new cronjob"],
    get_events: [
      "show warning events in the jobs namespace",
      "the payments namespace keeps getting OOMKilled pods after the last release, show me the warning events so I can see what's going on",
    ],
    top_pods: ["top pods sorted by memory in payments"],
    list_deployments: ["list deployments in prod with their ready replicas"],
    rollout_restart: ["restart the api deploymnet in prod"],
  },
  paraphrase: {
    list_pods: ["what's running in the payments ns on the k8s cluster"],
    get_pod_logs: ["why did checkout-7d9f-x2 die, show me what it printed before it went down"],
    delete_pod: ["kill the stuck worker-5c8b so k8s brings up a fresh one"],
    scale_deployment: ["bump web to 6 copies on k8s for the sale tonight"],
    rollout_undo: ["the api release on k8s is broken, revert to the last good version"],
    list_namespaces: ["which environments or tenants are carved out on our k8s"],
    list_deployments: ["are all the web workloads in prod at full strength on k8s"],
    exec_in_pod: ["open a shell in checkout-7d9f-x2 on k8s and print env"],
    top_pods: ["which k8s workloads in payments hog the most RAM"],
    list_services: ["how do other apps reach the checkout svc inside k8s"],
  },
});
