/** PLACEHOLDER (replaced by B on merge). */
export default function SubmitLeasingData() {
  return <section className="step" />;
}
