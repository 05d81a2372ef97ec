/**
 * Seed: session health of the releases that send sessions (web and mobile apps). Keyed by
 * version and project id; releases without an entry have no health data, like server apps.
 */

export interface HealthSeed {
  crashFreeSessions: number;
  crashFreeUsers: number;
  /** share of the project's users on this release in the last 24h, in percent */
  adoption: number;
  sessionsAdoption: number;
  totalSessions: number;
  totalUsers: number;
  sessionsCrashed: number;
  sessionsErrored: number;
  durationP50: number;
  durationP90: number;
  /** adoption stage of the release: adopted, low_adoption, replaced */
  stage: "adopted" | "low_adoption" | "replaced";
}

const HEALTH: Record<string, Record<string, HealthSeed>> = {
  "frontend@5.9.1": {
    "4500012": {
      crashFreeSessions: 99.42,
      crashFreeUsers: 98.87,
      adoption: 91.3,
      sessionsAdoption: 93.1,
      totalSessions: 184_220,
      totalUsers: 41_870,
      sessionsCrashed: 1_068,
      sessionsErrored: 4_310,
      durationP50: 212,
      durationP90: 1_140,
      stage: "adopted",
    },
  },
  "frontend@5.8.0": {
    "4500012": {
      crashFreeSessions: 99.71,
      crashFreeUsers: 99.35,
      adoption: 8.4,
      sessionsAdoption: 6.9,
      totalSessions: 612_400,
      totalUsers: 97_300,
      sessionsCrashed: 1_776,
      sessionsErrored: 9_920,
      durationP50: 205,
      durationP90: 1_090,
      stage: "replaced",
    },
  },
  "com.acme.mobile@3.2.0+412": {
    "4500013": {
      crashFreeSessions: 97.8,
      crashFreeUsers: 96.2,
      adoption: 22.5,
      sessionsAdoption: 24.0,
      totalSessions: 58_310,
      totalUsers: 12_090,
      sessionsCrashed: 1_283,
      sessionsErrored: 2_410,
      durationP50: 96,
      durationP90: 610,
      stage: "low_adoption",
    },
  },
  "com.acme.mobile@3.1.4+398": {
    "4500013": {
      crashFreeSessions: 99.31,
      crashFreeUsers: 98.9,
      adoption: 74.8,
      sessionsAdoption: 73.5,
      totalSessions: 402_770,
      totalUsers: 61_400,
      sessionsCrashed: 2_779,
      sessionsErrored: 6_850,
      durationP50: 101,
      durationP90: 640,
      stage: "adopted",
    },
  },
};

export function releaseHealth(version: string, projectId: string): HealthSeed | undefined {
  return HEALTH[version]?.[projectId];
}
