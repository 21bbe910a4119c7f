import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Cluster, proxyTestsCanRun, startCluster, userWithPlan } from "#tests/support/cluster.ts";

/**
 * Issue 36: a photo proof uploaded through one instance is served by the other. Photos live in the S3 bucket (here
 * the fake), never on an instance's disk, and the session cookie one instance signed is read by every other (one
 * AUTH_SECRET, sessions in PostgreSQL). Each instance is addressed directly by its port, bypassing the proxy.
 */
describe.runIf(proxyTestsCanRun())("a photo proof across instances (issue 36)", () => {
  let cluster: Cluster;

  beforeAll(async () => {
    cluster = await startCluster();
  });
  afterAll(() => cluster?.close());

  it("uploaded through instance A, is served by instance B with the same cookie", async () => {
    const { cookie, plan } = await userWithPlan(cluster, "127.0.0.31");
    const milestone = plan.challenges[0]?.milestones[0];
    if (!milestone) throw new Error("the plan has no milestone");
    const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#c03020" } })
      .png()
      .toBuffer();

    const [a, b] = [cluster.direct(0), cluster.direct(1)];
    const uploaded = await a.postForm(
      `/api/milestones/${milestone.id}/proof`,
      { file: new Blob([new Uint8Array(photo)], { type: "image/png" }) },
      { cookie },
    );
    expect(uploaded.status, uploaded.body.toString()).toBe(201);
    const proof = uploaded.json().proof as { kind: string; photo: { url: string } };
    expect(proof.kind).toBe("photo");
    // Stored in the bucket, one object; no instance keeps it.
    expect(cluster.s3.objects.size).toBe(1);
    const [stored] = [...cluster.s3.objects.values()];

    const fromB = await b.send(proof.photo.url, { headers: { cookie } });
    expect(fromB.status).toBe(200);
    expect(fromB.headers["content-type"]).toBe("image/webp");
    expect(Buffer.compare(fromB.body, stored?.bytes ?? Buffer.alloc(0))).toBe(0);
    const fromA = await a.send(proof.photo.url, { headers: { cookie } });
    expect(Buffer.compare(fromA.body, fromB.body)).toBe(0);
    // Without his cookie B answers as for anyone else.
    expect((await b.send(proof.photo.url)).status).toBe(401);
  });
});
