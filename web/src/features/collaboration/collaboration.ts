/** The collaboration enquiry (spec §3): every field optional, but not all empty (spec §5). */
export interface CollaborationForm {
  name: string;
  email: string;
  youtube: string;
  instagram: string;
  subscribers: string;
  followers: string;
}

export const emptyCollaborationForm: CollaborationForm = {
  name: '',
  email: '',
  youtube: '',
  instagram: '',
  subscribers: '',
  followers: '',
};

/** The audience bands offered for subscribers and followers. */
export const audienceBands = ['1k+', '5k+', '10k+', '50k+', '1M+'] as const;

export const COLLABORATION_EMPTY_MESSAGE = 'Please fill in at least one field before submitting.';
export const COLLABORATION_SUCCESS_MESSAGE = 'Collaborated successfully!';

/** True when at least one field has something besides spaces. */
export function hasAnyField(form: CollaborationForm): boolean {
  return Object.values(form).some((value) => value.trim() !== '');
}

/** The enquiry with spaces trimmed, as it is logged. */
export function trimmed(form: CollaborationForm): CollaborationForm {
  return Object.fromEntries(
    Object.entries(form).map(([key, value]) => [key, value.trim()]),
  ) as unknown as CollaborationForm;
}
