import { defineServer, tool } from "./define-server.js";
import { bool, int, list, obj, oneOf, str, stringMap } from "./schema.js";

const region = str("AWS region, e.g. `us-east-1`; the profile default when omitted.");
const instanceIds = list(str("Instance ID (i-…)."), "Instances to act on.", { minItems: 1 });

const tools = [
  tool(
    "describe_instances",
    "Describe EC2 instances with state, type, private and public IPs, tags and launch time. Filters use EC2 filter names.",
    {
      "instance_ids?": list(str("Instance ID."), "Only these instances."),
      "filters?": list(
        obj({
          name: str("Filter name, e.g. `tag:Env` or `instance-state-name`."),
          values: list(str("Value."), "Accepted values."),
        }),
        "EC2 filters.",
      ),
      "region?": region,
    },
  ),
  tool(
    "run_instances",
    "Launch new EC2 instances from an AMI with an instance type, key pair, subnet, security groups and tags. Returns the new instance IDs; they start in the pending state.",
    {
      image_id: str("AMI ID."),
      instance_type: str("e.g. `t3.micro`, `m7g.large`."),
      "count?": int("How many to launch.", { minimum: 1, default: 1 }),
      "key_name?": str("SSH key pair name."),
      "subnet_id?": str("Subnet to launch into."),
      "security_group_ids?": list(str("sg-…"), "Security groups."),
      "user_data?": str("Cloud-init script."),
      "tags?": stringMap("Tags to apply."),
      "region?": region,
    },
  ),
  tool("start_instances", "Start stopped EC2 instances. Instances get new public IPs unless they have an Elastic IP.", {
    instance_ids: instanceIds,
    "region?": region,
  }),
  tool(
    "stop_instances",
    "Stop running EC2 instances. EBS-backed instances keep their volumes; instance store data is lost.",
    {
      instance_ids: instanceIds,
      "hibernate?": bool("Hibernate instead of stop, if enabled."),
      "region?": region,
    },
  ),
  tool(
    "reboot_instances",
    "Request a reboot of EC2 instances. Unlike stop and start, the instance keeps its public IP and host.",
    { instance_ids: instanceIds, "region?": region },
  ),
  tool(
    "terminate_instances",
    "Terminate EC2 instances permanently. Volumes with DeleteOnTermination are deleted too.",
    { instance_ids: instanceIds, "region?": region },
  ),
  tool(
    "create_snapshot",
    "Create a point-in-time snapshot of an EBS volume. Snapshots are incremental and stored in S3 behind the scenes.",
    {
      volume_id: str("Volume ID (vol-…)."),
      "description?": str("Snapshot description."),
      "tags?": stringMap("Tags."),
      "region?": region,
    },
  ),
  tool(
    "describe_volumes",
    "Describe EBS volumes with size, type, IOPS, state and the instance they are attached to. Volumes in the available state are not attached to anything.",
    {
      "volume_ids?": list(str("vol-…"), "Only these volumes."),
      "status?": oneOf(["creating", "available", "in-use", "deleting", "error"], "Volume state."),
      "region?": region,
    },
  ),
  tool(
    "describe_security_groups",
    "Describe EC2 security groups and their inbound and outbound rules. Look for 0.0.0.0/0 sources to spot world-reachable rules.",
    {
      "group_ids?": list(str("sg-…"), "Only these groups."),
      "vpc_id?": str("Only groups in this VPC."),
      "region?": region,
    },
  ),
  tool(
    "authorize_security_group_ingress",
    "Add an inbound rule to an EC2 security group allowing a protocol and port range from a CIDR or another group. Duplicate rules are rejected.",
    {
      group_id: str("Security group ID."),
      protocol: oneOf(["tcp", "udp", "icmp", "-1"], "IP protocol; -1 for all."),
      from_port: int("Start of port range."),
      to_port: int("End of port range."),
      "cidr?": str("Source CIDR, e.g. `203.0.113.4/32`."),
      "source_group_id?": str("Source security group."),
      "description?": str("Rule description."),
    },
  ),
  tool(
    "allocate_elastic_ip",
    "Allocate an Elastic IP address and optionally associate it with an instance. Unassociated Elastic IPs are billed by the hour.",
    {
      "instance_id?": str("Instance to associate with."),
      "region?": region,
    },
  ),
  tool(
    "create_image",
    "Create an AMI from an EC2 instance, optionally without rebooting it. The AMI can then be used with run_instances.",
    {
      instance_id: str("Source instance."),
      name: str("AMI name."),
      "no_reboot?": bool("Skip the reboot (filesystem consistency not guaranteed)."),
      "region?": region,
    },
  ),
];

export const awsEc2 = defineServer("aws-ec2", tools, {
  direct: {
    describe_instances: ["describe ec2 instances tagged Env=staging in us-west-2"],
    run_instances: ["launch two t3.medium ec2 instances from ami-0abc123 in the private subnet"],
    stop_instances: ["stop ec2 instance i-0f12ab34"],
    terminate_instances: ["terminate the ec2 instances i-0aa1 and i-0bb2"],
    create_snapshot: ["create a snapshot of ebs volume vol-0123abcd"],
    allocate_elastic_ip: ["give the bastion a fixed public address that survives restarts"],
    authorize_security_group_ingress: ["add an ingress rule to security group sg-0abc allowing tcp 443 from anywhere"],
  },
  paraphrase: {
    describe_instances: ["which vms do we have running in staging on amazon, and their addresses"],
    run_instances: ["spin up two mid-sized amazon vms for the load test from our golden template"],
    start_instances: ["bring the staging box i-0f12ab34 back online"],
    stop_instances: ["shut down i-0f12ab34 for the weekend to save money, but don't lose the disk"],
    reboot_instances: ["bounce i-0f12ab34, it's unresponsive"],
    terminate_instances: ["destroy the old i-0aa1 and i-0bb2 servers for good"],
    describe_volumes: ["which disks on amazon are unattached and just costing us"],
    describe_security_groups: ["what ports are open to the internet on our vpc firewalls"],
    create_image: ["bake a golden template from the configured web server i-0c9"],
  },
});
