import { describe, expect, it } from "vitest";
import { mailboxKey, undeliverableReason } from "./email-address.ts";

describe("the mailbox an address reaches (issue 41, decision 0115)", () => {
  it("issue 41 row 2: drops case and plus tags, so sam+1@ and Sam+2@ are sam@", () => {
    for (const email of [
      "sam@mail.example.com",
      "Sam@Mail.Example.com",
      "sam+1@mail.example.com",
      " SAM+news+x@mail.example.com ",
    ]) {
      expect(mailboxKey(email), email).toBe("sam@mail.example.com");
    }
    // Dots elsewhere are part of the mailbox's name: s.am@ is somebody else.
    expect(mailboxKey("s.am@mail.example.com")).toBe("s.am@mail.example.com");
    expect(mailboxKey("sam@other.example.com")).toBe("sam@other.example.com");
  });

  it("issue 41 row 2: drops the dots where the provider ignores them, and makes googlemail.com gmail.com", () => {
    for (const email of [
      "samsmith@gmail.com",
      "Sam.Smith@gmail.com",
      "s.a.m.s.m.i.t.h+spam@GMAIL.com",
      "sam.smith@googlemail.com",
    ]) {
      expect(mailboxKey(email), email).toBe("samsmith@gmail.com");
    }
  });

  it("reads a trailing dot of the domain and quotes around the local part as the same mailbox", () => {
    expect(mailboxKey("sam+1@gmail.com.")).toBe("sam@gmail.com");
    expect(mailboxKey('"sam"@example.org')).toBe("sam@example.org");
    // Nothing before the tag: nothing to reduce it to.
    expect(mailboxKey("+x@example.org")).toBe("+x@example.org");
  });
});

describe("addresses no mail system can deliver (issue 41)", () => {
  it("issue 41 row 3: an IP address for a domain, bracketed or bare", () => {
    for (const email of ["x@[127.0.0.1]", "x@[IPv6:::1]", "x@10.0.0.1", "x@[127.0.0.1]."]) {
      expect(undeliverableReason(email), email).toBe("ipAddress");
    }
  });

  it("issue 41 row 4: reserved top-level names (RFC 2606, 6761, 6762, 7686, 8375, 9476) in any case", () => {
    for (const email of [
      "sam@foo.test",
      "sam@www.example",
      "sam@host.invalid",
      "sam@my.localhost",
      "sam@printer.local",
      "sam@abc.onion",
      "sam@router.home.arpa",
      "sam@x.alt",
      "sam@corp.internal",
      "sam@FOO.TEST.",
    ]) {
      expect(undeliverableReason(email), email).toBe("reservedDomain");
    }
  });

  it("accepts ordinary domains, including registered ones that merely look like tests", () => {
    for (const email of ["sam@gmail.com", "sam@example.com", "sam@testing.io", "sam@local.dev", "sam@mail.co.uk"]) {
      expect(undeliverableReason(email), email).toBeNull();
    }
  });
});
