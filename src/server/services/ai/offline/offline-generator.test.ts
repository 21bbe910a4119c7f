import { describe, expect, it } from "vitest";
import { answersFor, DEV, MARCUS } from "#tests/support/personas.ts";
import { generatePlan } from "../generator.ts";
import { planSchema } from "../schema.ts";
import { createOfflineGenerator } from "./offline-generator.ts";

const ai = createOfflineGenerator();
const plan = (texts: string[]) => generatePlan(ai, answersFor(texts), async () => {});
const allText = (value: unknown) => JSON.stringify(value);

describe("offline generator", () => {
  it("produces a complete plan that passes the output schema, with stages reported in order", async () => {
    const stages: string[] = [];
    const result = await generatePlan(ai, answersFor(MARCUS), async (stage) => {
      stages.push(stage);
    });
    expect(planSchema.parse(result)).toEqual(result);
    expect(result.challenges).toHaveLength(3);
    expect(result.milestones).toHaveLength(3);
    expect(stages).toEqual(["mission", "challenges", "milestones"]);
    expect(allText(result)).not.toMatch(/lorem|ipsum|undefined|\bnull\b|\$\{|“”/i);
  });

  it("writes each person's plan from his own words and themes", async () => {
    const marcus = await plan(MARCUS);
    const dev = await plan(DEV);
    const marcusText = allText(marcus);
    const devText = allText(dev);

    // What he wrote comes back as facts about him, in second person, with the apps, hours and people he named.
    expect(marcusText).toContain("build furniture and sell it");
    expect(marcusText).toContain("Instagram");
    expect(marcusText).toContain("4 hours");
    expect(marcusText).toMatch(/your kids/);
    expect(devText).toContain("learn guitar properly");
    expect(devText).toContain("you get bored after a week and give up");
    expect(devText).toMatch(/TikTok/);
    expect(devText).toMatch(/Lisbon/);
    // What stops him stays an obstacle, never the thing he is asked to build.
    expect(marcus.challenges[0]?.title).not.toMatch(/time|buy/i);

    // Different people, visibly different plans; nobody gets the other's words.
    expect(marcus.mission.life_mission).not.toBe(dev.mission.life_mission);
    const titles = (p: typeof marcus) => p.challenges.map((c) => c.title);
    expect(titles(marcus).filter((t) => titles(dev).includes(t))).toHaveLength(0);
    expect(marcusText).not.toContain("guitar");
    expect(devText).not.toContain("furniture");
  });

  it("names his confirmed accountability partner where the plan would say 'one person' (issue 25)", async () => {
    const withSam = await generatePlan(ai, answersFor(MARCUS), async () => {}, { partnerFirstName: "Sam" });
    const without = await plan(MARCUS);
    expect(withSam.mission.accountability_framework).toMatch(
      /Tell Sam what you committed to for [^.]+, and ask for a check-in every week\./,
    );
    expect(withSam.mission.accountability_framework).toContain("Sam sees each milestone you tick off");
    expect(without.mission.accountability_framework).not.toContain("Sam");
    expect(without.mission.accountability_framework).toMatch(/Tell .+ what you committed to/);
    // Only the accountability lines change: the rest of his plan is the same plan.
    expect(withSam.mission.life_mission).toBe(without.mission.life_mission);
    expect(withSam.challenges.map((c) => c.title)).toEqual(without.challenges.map((c) => c.title));
    expect(withSam.milestones).toEqual(without.milestones);

    // Without a person of his own to tell, the plan said "one person you trust": now it says the partner.
    const vague = ["Phone.", "Happy.", "Not sure.", "Nothing special.", "Wasting time."];
    expect((await plan(vague)).mission.accountability_framework).toContain("Tell one person you trust");
    const named = await generatePlan(ai, answersFor(vague), async () => {}, { partnerFirstName: "  Sam  " });
    expect(named.mission.accountability_framework).toContain("Tell Sam what you committed to");
    expect(allText(named)).not.toContain("one person you trust");
    // His input is printed as a name, never interpreted: "$&" stays "$&".
    const odd = await generatePlan(ai, answersFor(vague), async () => {}, { partnerFirstName: "Jo $& Co" });
    expect(odd.mission.accountability_framework).toContain("Tell Jo $& Co what you committed to");
  });

  it("is deterministic: the same answers give the same plan", async () => {
    expect(await plan(DEV)).toEqual(await plan(DEV));
  });

  it("still writes a full plan from short, vague answers", async () => {
    const result = await plan(["Phone.", "Happy.", "Not sure.", "Nothing special.", "Wasting time."]);
    expect(planSchema.safeParse(result).success).toBe(true);
    // Nothing is made up: with no apps, hours or people named, the plan names none.
    expect(allText(result)).toMatch(/wasting time/i);
    expect(allText(result)).not.toMatch(/\b(wife|kids|partner|Instagram|TikTok|\d+ hours)\b/);
  });

  it("turns a milestone into 3-5 todos that name it", async () => {
    const todos = await ai.todos({
      mission: "Build furniture people use",
      challenge: { title: "Build It With Your Hands", description: "One finished project." },
      milestone: { type: "immediate", description: "Sketch the table and buy the oak." },
    });
    expect(todos.length).toBeGreaterThanOrEqual(3);
    expect(todos.length).toBeLessThanOrEqual(5);
    expect(todos.join(" ")).toContain("Sketch the table and buy the oak");
  });
});
