import type { TPlatform } from "@/contracts/admin/platform";
import { AppError } from "@/server/errors";

export const PLATFORM_SELECT = {
  id: true,
  name: true,
  status: true,
  provisioningEnabled: true,
  customerQuota: true,
  customersProvisioned: true,
  returnUrls: true,
  provisioningTemplateId: true,
  createdAt: true,
  _count: { select: { followers: true } },
} as const;

type TPlatformRow = {
  id: string;
  name: string;
  status: "ACTIVE" | "SUSPENDED";
  provisioningEnabled: boolean;
  customerQuota: number;
  customersProvisioned: number;
  returnUrls: string[];
  provisioningTemplateId: string | null;
  createdAt: Date;
  _count: { followers: number };
};

export function toPlatform({ _count, createdAt, ...row }: TPlatformRow): TPlatform {
  return { ...row, followerCount: _count.followers, createdAt: createdAt.toISOString() };
}

export function platformNotFound(): AppError {
  return new AppError("NOT_FOUND", "No partner platform has this id.");
}
