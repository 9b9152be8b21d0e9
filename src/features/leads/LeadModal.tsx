import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import LoadingDialog from './LoadingDialog.tsx';

const LeadDialog = lazy(() => import('./LeadDialog.tsx'));

interface Opened {
  courseId: string | undefined;
  courseTitle: string | undefined;
}

function isPlainClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/**
 * Turns every `[data-lead-cta]` link on the page into an opener of the counselling dialog. Until
 * this loads (or without JavaScript) the links simply lead to the contact page.
 */
export default function LeadModal() {
  const [opened, setOpened] = useState<Opened | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  useEffect(() => {
    function onClick(event: MouseEvent) {
      if (event.defaultPrevented || !isPlainClick(event) || !(event.target instanceof Element)) return;
      const trigger = event.target.closest<HTMLElement>('[data-lead-cta]');
      if (!trigger) return;
      event.preventDefault();
      opener.current = trigger;
      setOpened({ courseId: trigger.dataset['courseId'], courseTitle: trigger.dataset['courseTitle'] });
    }
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, []);
  if (!opened) return null;
  return (
    <Suspense fallback={<LoadingDialog />}>
      <LeadDialog
        source="lead_form"
        courseId={opened.courseId}
        courseTitle={opened.courseTitle}
        onClose={() => {
          setOpened(null);
          opener.current?.focus();
        }}
      />
    </Suspense>
  );
}
