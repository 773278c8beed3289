/** PLACEHOLDER (replaced by A on merge). */
export default function BusinessData() {
  return <section className="step" />;
}
