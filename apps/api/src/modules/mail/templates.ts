import { greetingName } from "@serene/domain";

/** The product's e-mails: each one a plain-text part and an HTML part saying the same thing. */
export interface Brand {
  product: string;
  supportEmail: string;
}

export interface Email {
  subject: string;
  text: string;
  html: string;
}

interface Layout {
  subject: string;
  greeting: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  /** A plain link under the button, for a second thing the person may want. */
  link?: { label: string; url: string };
  /** Lines after the button, such as how long a link works. */
  after?: string[];
}

const escapeHtml = (value: string) =>
  value.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");

function render(brand: Brand, layout: Layout): Email {
  const signature = `The ${brand.product} team`;
  const help = `Questions? Write to ${brand.supportEmail}.`;
  const text = [
    layout.greeting,
    "",
    ...layout.paragraphs.flatMap((p) => [p, ""]),
    ...(layout.action ? [`${layout.action.label}: ${layout.action.url}`, ""] : []),
    ...(layout.link ? [`${layout.link.label}: ${layout.link.url}`, ""] : []),
    ...(layout.after ?? []).flatMap((p) => [p, ""]),
    signature,
    help,
  ].join("\n");

  const paragraph = (p: string) => `<p style="margin:0 0 16px;font-size:16px;line-height:1.6;color:#2f3a4a">${escapeHtml(p)}</p>`;
  const button = layout.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(layout.action.url)}" style="display:inline-block;padding:14px 28px;border-radius:999px;background:#4f6bed;color:#ffffff;font-weight:700;text-decoration:none">${escapeHtml(layout.action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;line-height:1.5;color:#6b7687">If the button does not work, open this address: <a href="${escapeHtml(layout.action.url)}" style="color:#4f6bed;word-break:break-all">${escapeHtml(layout.action.url)}</a></p>`
    : "";
  const link = layout.link
    ? `<p style="margin:0 0 16px;font-size:16px;line-height:1.6;color:#2f3a4a"><a href="${escapeHtml(layout.link.url)}" style="color:#4f6bed;font-weight:700">${escapeHtml(layout.link.label)}</a></p>`
    : "";
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(layout.subject)}</title></head>
<body style="margin:0;padding:0;background:#f4f1ec;font-family:Nunito,Segoe UI,Helvetica,Arial,sans-serif">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f1ec;padding:32px 12px"><tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:20px;padding:36px 32px">
<tr><td>
<p style="margin:0 0 24px;font-size:20px;font-weight:800;color:#4f6bed">${escapeHtml(brand.product)}</p>
${paragraph(layout.greeting)}
${layout.paragraphs.map(paragraph).join("\n")}
${button}
${link}
${(layout.after ?? []).map(paragraph).join("\n")}
<p style="margin:24px 0 0;font-size:15px;color:#2f3a4a">${escapeHtml(signature)}</p>
<p style="margin:8px 0 0;font-size:13px;color:#6b7687">${escapeHtml(help)}</p>
</td></tr></table></td></tr></table></body></html>`;
  return { subject: layout.subject, text, html };
}

/**
 * Every e-mail's first line. A name field is free text, so only a plain name is greeted with
 * (`greetingName`: one line, no address or link, at most 50 characters); anyone else reads "Hello,".
 */
function hello(name: string | null | undefined): string {
  const plain = greetingName(name);
  return plain === null ? "Hello," : `Hi ${plain},`;
}

export const emails = {
  welcome(brand: Brand, name: string, signInUrl: string, minutes: number): Email {
    return render(brand, {
      subject: `Welcome to ${brand.product}`,
      greeting: hello(name),
      paragraphs: [
        `Your ${brand.product} account is ready. Guided meditations, sleepcasts, soundscapes and CBT courses are waiting whenever you need a calm moment.`,
      ],
      action: { label: `Open ${brand.product}`, url: signInUrl },
      after: [`This sign-in link works once and for ${minutes} minutes. After that, log in with your e-mail and password.`],
    });
  },

  /** After a quiz (POST /lead): one action, the single-use link that signs the person in and shows their result. */
  quizResult(brand: Brand, name: string, resultUrl: string, minutes: number, offerUrl?: string): Email {
    return render(brand, {
      subject: "Your quiz result is ready",
      greeting: hello(name),
      paragraphs: [
        "Thank you for taking a few minutes for yourself. Your personal result is ready, with a first week of sessions picked for what you told us.",
        `Opening it also opens your ${brand.product} account with this e-mail address, so your answers stay with you.`,
      ],
      action: { label: "See my result", url: resultUrl },
      ...(offerUrl ? { link: { label: "See today's offer", url: offerUrl } } : {}),
      after: [
        `The link works once and for ${minutes} minutes. If it has expired, take the quiz again and we will send a fresh one.`,
        "If you did not take this quiz, you can ignore this e-mail: nothing happens unless the link is opened.",
      ],
    });
  },

  /**
   * POST /lead/{id}/account: a lead buying on the offer page gets an account; its access details.
   * The password is temporary: the e-mail says where to change it.
   */
  leadAccount(brand: Brand, name: string, email: string, password: string, loginUrl: string): Email {
    return render(brand, {
      subject: `Your ${brand.product} account`,
      greeting: hello(name),
      paragraphs: [
        `We opened your ${brand.product} account so you can finish your purchase and start listening. Here is how to log in:`,
        `E-mail: ${email}`,
        `Temporary password: ${password}`,
      ],
      action: { label: "Log in", url: loginUrl },
      after: [
        "Please change this temporary password in Settings after you log in, to one only you know.",
        "If you did not ask for this account, write to us and we will close it.",
      ],
    });
  },

  passwordReset(brand: Brand, name: string, resetUrl: string, minutes: number): Email {
    return render(brand, {
      subject: `Reset your ${brand.product} password`,
      greeting: hello(name),
      paragraphs: ["We received a request to reset the password of your account. Choose a new password with the button below."],
      action: { label: "Choose a new password", url: resetUrl },
      after: [
        `The link works once and expires in ${minutes} minutes.`,
        "If you did not ask for this, you can ignore this e-mail: your password stays as it is.",
      ],
    });
  },

  complimentaryPremium(brand: Brand, name: string, until: string): Email {
    return render(brand, {
      subject: `Premium is on us until ${until}`,
      greeting: hello(name),
      paragraphs: [
        `We have opened every session of ${brand.product} for you until ${until}, at no charge. Nothing will be billed, and it ends by itself.`,
        "We hope it makes your practice a little easier.",
      ],
    });
  },

  staffInvitation(brand: Brand, inviter: string | null, role: string, acceptUrl: string, days: number): Email {
    return render(brand, {
      subject: `You are invited to the ${brand.product} console`,
      greeting: "Hello,",
      paragraphs: [
        `${greetingName(inviter) ?? "An owner"} invited you to the ${brand.product} operator console as ${role}.`,
        "Choose a password and add the console to your authenticator app: signing in takes both.",
      ],
      action: { label: "Set up my staff account", url: acceptUrl },
      after: [`The link works for ${days} days. If you did not expect this, you can ignore this e-mail.`],
    });
  },

  passwordChanged(brand: Brand, name: string): Email {
    return render(brand, {
      subject: `Your ${brand.product} password was changed`,
      greeting: hello(name),
      paragraphs: [
        "The password of your account was just changed, and every other device was signed out.",
        `If this was not you, reset your password right away and write to ${brand.supportEmail}.`,
      ],
    });
  },

  confirmEmailChange(brand: Brand, name: string, confirmUrl: string, newEmail: string): Email {
    return render(brand, {
      subject: `Confirm your new e-mail address for ${brand.product}`,
      greeting: hello(name),
      paragraphs: [`Please confirm that ${newEmail} is the new e-mail address of your ${brand.product} account.`],
      action: { label: "Confirm my e-mail address", url: confirmUrl },
      after: ["The link expires in 24 hours. Until you open it, your account keeps its current address."],
    });
  },

  emailChangeRequested(brand: Brand, name: string, newEmail: string): Email {
    return render(brand, {
      subject: `Your ${brand.product} e-mail address is changing`,
      greeting: hello(name),
      paragraphs: [
        `Someone signed in to your account asked to change its e-mail address to ${newEmail}. The change happens only once that address confirms it.`,
        `If this was not you, change your password and write to ${brand.supportEmail}.`,
      ],
    });
  },

  confirmRemoval(brand: Brand, name: string, confirmUrl: string): Email {
    return render(brand, {
      subject: `Confirm the removal of your ${brand.product} account`,
      greeting: hello(name),
      paragraphs: [
        `We received a request to remove your ${brand.product} account. Once you confirm, you are signed out everywhere and your account and all related data are deleted within 5 days.`,
      ],
      action: { label: "Confirm account removal", url: confirmUrl },
      after: ["The link expires in 24 hours. If you did not ask for this, ignore this e-mail and nothing changes."],
    });
  },

  /** A free trial began: when it ends, what is charged then, and how to cancel before. */
  trialStarted(
    brand: Brand,
    name: string,
    trial: { endsOn: string; amount: string; plan: string; paidWith: string | null },
    settingsUrl: string,
  ): Email {
    return render(brand, {
      subject: `Your ${brand.product} free trial has started`,
      greeting: hello(name),
      paragraphs: [
        `Welcome in. Your free trial has started, and all of ${brand.product} is open to you: every meditation, sleepcast, soundscape and course.`,
        `The trial ends on ${trial.endsOn}. Then your ${trial.plan.toLowerCase()} begins and ${trial.amount} is charged${trial.paidWith ? ` to ${trial.paidWith}` : ""}. We will send you a reminder two days before.`,
        "If it is not for you, cancel any time before then in your subscription settings, and nothing is charged.",
      ],
      action: { label: "Subscription settings", url: settingsUrl },
    });
  },

  /** A receipt for one charge: what was paid for, how much, when, with what, and its reference. */
  receipt(
    brand: Brand,
    name: string,
    receipt: {
      item: string;
      amount: string;
      currency: string;
      paidOn: string;
      reference: string;
      paidWith: string | null;
      covers: string | null;
    },
    receiptUrl: string,
  ): Email {
    return render(brand, {
      subject: `Your ${brand.product} receipt ${receipt.reference}`,
      greeting: hello(name),
      paragraphs: [
        "Thank you for your payment. Here is your receipt, to keep for your records.",
        `Plan: ${brand.product} ${receipt.item}`,
        ...(receipt.covers ? [`Period: ${receipt.covers}`] : []),
        `Amount: ${receipt.amount} (${receipt.currency})`,
        `Date: ${receipt.paidOn}`,
        ...(receipt.paidWith ? [`Paid with: ${receipt.paidWith}`] : []),
        `Reference: ${receipt.reference}`,
      ],
      action: { label: "View or print the receipt", url: receiptUrl },
      after: ["Please quote the reference if you write to us about this payment."],
    });
  },

  /** Money given back from one charge, in whole or in part; access is not changed by it. */
  refund(
    brand: Brand,
    name: string,
    refund: { amount: string; currency: string; item: string; reference: string; paidWith: string | null; whole: boolean },
    receiptUrl: string,
  ): Email {
    return render(brand, {
      subject: `We have refunded ${refund.amount} to you`,
      greeting: hello(name),
      paragraphs: [
        `We have given back ${refund.amount} (${refund.currency}) from your payment ${refund.reference} for ${brand.product} ${refund.item}${refund.whole ? ", the whole of it" : ""}.`,
        `It goes back to ${refund.paidWith ?? "the way you paid"}. Your bank or wallet shows it once they have processed it, which can take a few days.`,
        "This refund does not change your plan.",
      ],
      action: { label: "View the receipt", url: receiptUrl },
      after: ["Please quote the reference if you write to us about this refund."],
    });
  },

  /** The member's cancellation took effect: nothing more is charged, access lasts to the period's end. */
  cancellationConfirmed(brand: Brand, name: string, ending: { accessUntil: string; resumable: boolean }, settingsUrl: string): Email {
    return render(brand, {
      subject: `Your ${brand.product} subscription is cancelled`,
      greeting: hello(name),
      paragraphs: [
        "Your subscription is cancelled, and nothing more will be charged.",
        `You keep full access until ${ending.accessUntil}. After that your account stays open, with the free sessions still there for you.`,
        ending.resumable
          ? "If you change your mind before then, you can resume the subscription in your settings and carry on as before."
          : "If you would like to come back later, you are welcome to choose a plan again at any time.",
      ],
      action: { label: "Subscription settings", url: settingsUrl },
    });
  },

  /** A renewal charge did not go through: what happens next, and how to put it right. */
  renewalFailed(
    brand: Brand,
    name: string,
    failure: { amount: string; plan: string; nextAttempt: string | null; lastDay: string; wallet: boolean },
    settingsUrl: string,
  ): Email {
    return render(brand, {
      subject: `We could not renew your ${brand.product} subscription`,
      greeting: hello(name),
      paragraphs: [
        `We tried to charge ${failure.amount} for your ${failure.plan.toLowerCase()}, and the payment did not go through. Nothing is lost: you keep full access while the payment is tried again.`,
        failure.wallet
          ? `PayPal will try the payment again. If it has not gone through by ${failure.lastDay}, the subscription ends then and your account returns to the free sessions.`
          : `${failure.nextAttempt ? `We will try your card again on ${failure.nextAttempt}. ` : ""}If the payment has not gone through by ${failure.lastDay}, the subscription ends then and your account returns to the free sessions.`,
        failure.wallet
          ? "To put it right, open your PayPal account and check the card or bank account it pays with."
          : "Most often the card has expired, reached its limit, or the bank wants to approve online payments. A word with your bank usually fixes it, and the next attempt then goes through by itself. To pay with another card instead, cancel in your subscription settings and subscribe again with the new card.",
      ],
      action: { label: "Subscription settings", url: settingsUrl },
    });
  },

  trialEnding(brand: Brand, name: string, amount: string, chargeDate: string, settingsUrl: string): Email {
    return render(brand, {
      subject: `Your ${brand.product} trial ends in 2 days`,
      greeting: hello(name),
      paragraphs: [
        `We hope the first days with ${brand.product} brought you some calm. Your free trial ends on ${chargeDate}, when your yearly plan begins and ${amount} is charged.`,
        "Nothing to do if you want to keep going. To cancel before then, open your subscription settings.",
      ],
      action: { label: "Subscription settings", url: settingsUrl },
    });
  },
};
