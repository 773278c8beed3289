/** PLACEHOLDER (replaced by B on merge). */
export default function UploadLeasingDocuments() {
  return <section className="step" />;
}
