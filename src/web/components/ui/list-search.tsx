/** The search box above a server-searched admin list; `onChange` gets the typed text (the caller debounces and resets its page). */
export function ListSearch({
  value,
  onChange,
  label,
  placeholder,
}: {
  value: string;
  onChange: (text: string) => void;
  label: string;
  placeholder: string;
}) {
  return (
    <input
      type="search"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      placeholder={placeholder}
      aria-label={label}
      className="block h-11 w-full rounded-md border border-stone-300 bg-white px-3.5 text-base shadow-sm placeholder:text-stone-400 focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/30 sm:max-w-sm sm:text-sm"
    />
  );
}
