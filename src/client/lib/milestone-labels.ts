import type { MilestoneType } from "../../shared/plan/rules.ts";

export const milestoneLabels: Record<MilestoneType, string> = {
  immediate: "Immediate Milestone",
  short_term: "Short-term Milestone",
  medium_term: "Medium-term Milestone",
};
