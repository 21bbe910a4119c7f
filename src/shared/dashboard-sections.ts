export const dashboardSections = ["results", "community", "profile", "premium", "help", "settings"] as const;
export type DashboardSection = (typeof dashboardSections)[number];
