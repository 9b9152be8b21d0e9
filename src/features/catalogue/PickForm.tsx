import { PICK_PATH, pickFormId } from '../shortlist/pick.ts';

export interface PickFormProps {
  courseId: string;
  title: string;
  /** The signed-in person's CSRF token; visitors' posts change only their own browser's cookies. */
  csrfToken: string;
  /** Where the post sends the person back to. */
  next: string;
}

/**
 * The hidden form a course's Save and Compare buttons submit (through their `form` attribute, so
 * the buttons may sit inside another form). It does the job before hydration and without
 * JavaScript; once hydrated the buttons act in the page instead.
 */
export default function PickForm({ courseId, title, csrfToken, next }: PickFormProps) {
  return (
    <form id={pickFormId(courseId)} method="post" action={PICK_PATH} hidden>
      {csrfToken && <input type="hidden" name="csrf_token" value={csrfToken} />}
      <input type="hidden" name="course_id" value={courseId} />
      <input type="hidden" name="title" value={title} />
      <input type="hidden" name="next" value={next} />
    </form>
  );
}
