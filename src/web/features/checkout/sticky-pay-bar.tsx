/**
 * The checkout's pay bar on phones and tablets: the total and the pay button, fixed at the
 * bottom while the page's own pay button is out of view (the summary with it sits under the form
 * below `lg`). It steps aside while a form field has focus (the keyboard is up and the field must
 * stay visible), and the page keeps room for it under its end and when scrolling a field into view
 * (app.css), so it never covers a form field. Desktop (`lg` up) never shows it.
 */
import { useEffect, useState, type ReactNode, type RefObject } from 'react';
import { StickyBuyBar, useInView } from '../../components/product/sticky-buy-bar';

const FIELD = 'input, select, textarea';

/** True while an input, select or textarea on the page has focus. */
function useFieldFocused(): boolean {
  const [focused, setFocused] = useState(false);
  useEffect(() => {
    const update = () => setFocused(document.activeElement instanceof Element && document.activeElement.matches(FIELD));
    document.addEventListener('focusin', update);
    document.addEventListener('focusout', update);
    return () => {
      document.removeEventListener('focusin', update);
      document.removeEventListener('focusout', update);
    };
  }, []);
  return focused;
}

/** Props of StickyPayBar. */
export interface StickyPayBarProps {
  /** The page's own pay button (its wrapper): the bar shows while this is out of view. */
  payButton: RefObject<HTMLElement | null>;
  /** The total line (formatted rupees, COD fee included when paying cash). */
  total: string;
  /** A short line under the total ("You save ₹…", or the payment method). */
  detail: string;
  /** The bar's button (same action as the page's). */
  children: ReactNode;
}

/** The fixed pay bar; hidden while the page's pay button is visible or a field is being filled in. */
export function StickyPayBar({ payButton, total, detail, children }: StickyPayBarProps) {
  const buttonInView = useInView(payButton);
  const fieldFocused = useFieldFocused();
  return (
    <StickyBuyBar
      testId="sticky-pay-bar"
      hiddenFrom="lg"
      visible={!buttonInView && !fieldFocused}
      price={<p className="text-lg font-semibold text-stone-900">{total}</p>}
      detail={detail}
    >
      {children}
    </StickyBuyBar>
  );
}
