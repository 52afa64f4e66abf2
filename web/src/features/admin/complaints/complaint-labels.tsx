import { complaintAgeText, type ComplaintRow, type ComplaintStatus, type DutyState } from '@shop/core';
import { Badge, type BadgeTone } from '../shared/status-badge.tsx';
import { formatDateTime } from '../shared/format.ts';

export const complaintStatusLabels: Record<ComplaintStatus, string> = {
  open: 'Not acknowledged',
  acknowledged: 'Acknowledged',
  resolved: 'Resolved',
};

const statusTones: Record<ComplaintStatus, BadgeTone> = { open: 'warning', acknowledged: 'info', resolved: 'success' };

export function ComplaintStatusBadge({ status }: { status: ComplaintStatus }) {
  return <Badge tone={statusTones[status]}>{complaintStatusLabels[status]}</Badge>;
}

/** Where one duty stands, in words: "Overdue since 30 Nov, 3:30 pm", "Due by …", "Done late". */
export function dutyText(state: DutyState, deadline: string): string {
  switch (state) {
    case 'overdue':
      return `Overdue since ${formatDateTime(deadline)}`;
    case 'due':
      return `Due by ${formatDateTime(deadline)}`;
    case 'done-late':
      return 'Done, late';
    default:
      return 'Done in time';
  }
}

/** A complaint's age and its next deadline, as the queue shows them. */
export function ComplaintClock({ complaint }: { complaint: ComplaintRow }) {
  return (
    <span className="flex flex-col gap-0.5 text-sm">
      <span>Age {complaintAgeText(complaint.ageHours)}</span>
      <span className={complaint.acknowledgement === 'overdue' ? 'font-medium text-sale' : 'text-muted'}>
        Acknowledgement: {dutyText(complaint.acknowledgement, complaint.acknowledgeBy)}
      </span>
      <span className={complaint.resolution === 'overdue' ? 'font-medium text-sale' : 'text-muted'}>
        Resolution: {dutyText(complaint.resolution, complaint.resolveBy)}
      </span>
    </span>
  );
}
