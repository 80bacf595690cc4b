namespace App
{
    public class Audit
    {
        public void Log(string msg) { }
    }
}
