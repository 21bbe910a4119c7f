import type { ActivityReading, ProofErrorCode } from "#shared/proof/contracts.ts";
import { PROOF_FILE_MAX_BYTES } from "#shared/proof/rules.ts";
import { DomainError } from "../domain-error.ts";
import { readActivityOffThread } from "./activity/read-activity-off-thread.ts";
import { photoTypeOf, reencodePhoto } from "./photo.ts";

export type ProofReading =
  | { kind: "activity"; activity: ActivityReading }
  | { kind: "photo"; image: Buffer; contentType: string; width: number; height: number };

const refuse = (code: ProofErrorCode): never => {
  throw new DomainError(`proof.${code}`);
};

/**
 * Reads an uploaded file as proof: an activity file (GPX, TCX, FIT), checked, or, where `photos` are allowed, a photo,
 * re-encoded without its metadata. Anything else is refused with its own message; nothing here stores anything.
 */
export async function readProofFile(
  bytes: Uint8Array,
  options: { now: Date; runningPace: boolean; photos: boolean },
): Promise<ProofReading> {
  if (bytes.byteLength > PROOF_FILE_MAX_BYTES) refuse("tooLarge");
  if (options.photos && photoTypeOf(bytes)) {
    const photo = await reencodePhoto(bytes);
    if (!photo.ok) return refuse(photo.code);
    return {
      kind: "photo",
      image: photo.image,
      contentType: photo.contentType,
      width: photo.width,
      height: photo.height,
    };
  }
  // In a worker: a 10 MB GPX takes seconds to read, which would hold every other request of the server.
  const read = await readActivityOffThread(bytes, { now: options.now, runningPace: options.runningPace });
  if (read.ok) return { kind: "activity", activity: read.activity };
  // Where a photo would also have done, "not an activity file" names both kinds.
  return refuse(read.code === "notActivity" && options.photos ? "notProof" : read.code);
}
