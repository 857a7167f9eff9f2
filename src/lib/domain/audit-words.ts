/**
 * The audit log in words for people (`Esha created item #12`); the stable codes
 * (`item.created`, `user:12`) stay for programs and are shown on demand.
 */

const VERBS: Record<string, string> = {
  created: 'created',
  edited: 'edited',
  deleted: 'deleted',
  published: 'made public',
  unpublished: 'took down the public copy of',
  reordered: 'reordered the items of',
  uploaded: 'uploaded a picture for',
  added: 'gave a role to',
  removed: 'took a role from',
  registered: 'registered',
  status: 'moved',
  failed: 'failed to sign in as',
  succeeded: 'signed in as',
  imported: 'imported',
  applied: 'applied a stock and price feed from',
  revoked: 'revoked the key of',
  delivery: 'set where it delivers and its fees for',
  packed: 'set the bulk stock of',
};

const NOUNS: Record<string, string> = {
  category: 'category',
  store: 'store',
  storedb: 'store database',
  section: 'section',
  item: 'item',
  content: 'picture',
  user: 'account',
  employee: 'employee',
  order: 'order',
  feedclient: 'feed client',
  file: 'file',
  site: 'the shop’s pages',
};

/** `item:12` → `item #12`, `file:items.csv` → `file items.csv`. */
export function targetInWords(target: string): string {
  const m = /^([a-z]+):(.*)$/.exec(target);
  if (m === null) return target;
  const noun = NOUNS[m[1] as string] ?? m[1];
  const rest = m[2] as string;
  return /^\d+$/.test(rest) ? `${noun} #${rest}` : `${noun} ${rest}`;
}

/** What happened, as a phrase after the actor's name: `created item #12`, `gave a role to account #2`. */
export function actionInWords(action: string, target: string): string {
  const [family = '', verb = ''] = action.split('.');
  const what = target === '' ? (NOUNS[family] ?? family) : targetInWords(target);
  if (action === 'content.deleted') return `removed the picture of ${what}`;
  if (action === 'signin.failed') return `failed to sign in${target === '' ? '' : ` (${what})`}`;
  const fixed: Record<string, string> = {
    'site.published': 'published the shop’s pages',
    'site.publish_started': 'started publishing the shop’s pages',
    'site.publish_queued': 'asked to publish the shop’s pages again after the build under way',
    'site.publish_failed': 'tried to publish the shop’s pages, which failed',
    'account.confirmed': `confirmed the e-mail address of ${what}`,
    'account.confirm_failed': `gave a wrong access code for ${what}`,
    'mfa.enabled': `turned on the second factor of ${what}`,
    'mfa.disabled': `turned off the second factor of ${what}`,
    'mfa.reset': `reset the second factor of ${what}`,
    'mfa.recovery_used': `used a recovery code of ${what}`,
    'signin.refused': `was refused sign-in to ${what}: its password is below the staff rules`,
    'slot.created': `added a delivery slot to ${what}`,
    'slot.template': `set the weekly delivery slots of ${what}`,
  };
  if (fixed[action] !== undefined) return fixed[action];
  if (action === 'feed.refused') return `was refused a stock and price feed${target === '' ? '' : ` as ${what}`}`;
  if (action === 'account.registered') return `registered${target === '' ? '' : ` ${what}`}`;
  if (action === 'order.status') return `changed the status of ${what}`;
  const phrase = VERBS[verb];
  if (phrase === undefined) return `${action.replace(/[._]/g, ' ')} ${what}`.trim();
  // "created item #12" names the kind through the target; verbs about a family need the noun.
  return `${phrase} ${what}`;
}

/** Who, in words: the e-mail, a feed's name, or "Someone not signed in". */
export function actorInWords(email: string): string {
  return email === '' ? 'Someone not signed in' : email;
}

/** What happened, in three parts: the words before the target, the target's name (a link on the log page), the rest. */
export interface AuditPhrase {
  lead: string;
  name: string;
  tail: string;
}

/**
 * What happened, naming its target: `edited ` + `Nashik Green Grapes (1 kg)` + ` — item #2`,
 * `gave Employee to ` + `asha@example.com` + `` (an account's e-mail is its name). Without a
 * name (a target since deleted and never named) the target reads as today: `item #2`.
 */
export function auditPhrase(
  action: string,
  target: string,
  name: string | null,
  detail: Record<string, unknown>,
): AuditPhrase {
  let phrase = actionInWords(action, target);
  const role = typeof detail.role === 'string' ? detail.role : undefined;
  if (role !== undefined && action === 'role.added') phrase = phrase.replace(/^gave a role to /, `gave ${role} to `);
  if (role !== undefined && action === 'role.removed')
    phrase = phrase.replace(/^took a role from /, `took ${role} from `);
  const ref = target === '' ? '' : targetInWords(target);
  const at = ref === '' ? -1 : phrase.indexOf(ref);
  if (at < 0) return { lead: phrase, name: '', tail: '' };
  const lead = phrase.slice(0, at);
  const rest = phrase.slice(at + ref.length);
  if (name === null || name === '' || name === ref) return { lead, name: ref, tail: rest };
  // An account is known by its e-mail; anything else keeps its number beside its name.
  return { lead, name, tail: target.startsWith('user:') ? rest : ` — ${ref}${rest}` };
}
