/**
 * Calls of a client generated from GET /api/openapi.json (openapi-typescript + openapi-fetch), run by
 * src/server/routes/openapi/generated-client.test.ts. `./api.d.ts` does not exist in the repository: the test generates
 * it from the test app's document and type-checks this file against it, so every line here must compile against what
 * the document says, and each answer must be assignable to the shared type the app's own client uses.
 */
import type { Client } from "openapi-fetch";
import type { Dashboard } from "#shared/dashboard/contracts.ts";
import type { PartnersAnswer } from "#shared/partners/contracts.ts";
import type { MilestoneSaved, QuizResult, TodosGenerated, TodoToggled } from "#shared/plan/contracts.ts";
import type { ProofSummary } from "#shared/proof/contracts.ts";
import type { paths } from "./api.d.ts";

/** The first milestone of the first challenge of a user who has a plan: what the calls below work on. */
export async function walkThePlan(api: Client<paths>, quizResponseId: string, photo: File) {
  const plan = await api.GET("/api/quiz/responses/{id}", { params: { path: { id: quizResponseId } } });
  if (!plan.data) throw new Error(`plan: ${plan.response.status}`);
  const quizResult: QuizResult = plan.data;
  const challenge = quizResult.challenges[0];
  if (!challenge) throw new Error("the plan has no challenge");

  const accepted = await api.PATCH("/api/challenges/{id}", {
    params: { path: { id: challenge.id } },
    body: { challengeAccepted: true },
  });
  if (!accepted.data?.challenge.challengeAccepted) throw new Error(`accept: ${accepted.response.status}`);

  // The dashboard shows an accepted challenge's dated milestones.
  const first = challenge.milestones[0];
  if (!first) throw new Error("the challenge has no milestone");
  const dated = await api.PATCH("/api/milestones/{id}", {
    params: { path: { id: first.id } },
    body: { milestoneDeadline: new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10) },
  });
  if (!dated.data) throw new Error(`date: ${dated.response.status}`);
  const saved: MilestoneSaved = dated.data;

  const dashboard = await api.GET("/api/dashboard");
  if (!dashboard.data) throw new Error(`dashboard: ${dashboard.response.status}`);
  const screen: Dashboard = dashboard.data;
  const milestone = screen.challenges.find(({ id }) => id === challenge.id)?.milestones[0];
  if (!milestone) throw new Error("the dashboard shows no milestone");

  const generated = await api.POST("/api/milestones/{id}/todos", { params: { path: { id: milestone.id } } });
  if (!generated.data) throw new Error(`todos: ${generated.response.status}`);
  const todos: TodosGenerated = generated.data;
  const todo = todos.todos[0];
  if (!todo) throw new Error("no todo was generated");

  const toggled = await api.PATCH("/api/todos/{id}", {
    params: { path: { id: todo.id } },
    body: { todoCompleted: true },
  });
  if (!toggled.data) throw new Error(`toggle: ${toggled.response.status}`);
  const tick: TodoToggled = toggled.data;

  const invited = await api.POST("/api/partner/invitations", {
    body: { firstName: "Sam", email: "sam@example.com" },
  });
  if (!invited.data) throw new Error(`invite: ${invited.response.status}`);
  const partners: PartnersAnswer = invited.data;

  const uploaded = await api.POST("/api/milestones/{id}/proof", {
    params: { path: { id: milestone.id } },
    body: { file: photo },
    bodySerializer: (body) => {
      const form = new FormData();
      form.append("file", body.file as File);
      return form;
    },
  });
  if (!uploaded.data) throw new Error(`proof: ${uploaded.response.status}`);
  const proof: ProofSummary = uploaded.data.proof;

  return {
    quizResult,
    saved,
    screen,
    todos,
    tick,
    partners,
    proof,
    statuses: {
      dashboard: dashboard.response.status,
      todos: generated.response.status,
      invite: invited.response.status,
      proof: uploaded.response.status,
    },
  };
}
